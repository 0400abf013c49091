// biome-ignore-all lint/suspicious/noTemplateCurlyInString: flows write their variables as ${name} (docs/rpa.md, Variables)
import { describe, expect, it } from 'vitest';
import { cookieRobotFlow } from './cookie-robot.js';
import { exportFlow, FLOW_MAX_DEPTH, type Flow, flowSchema, importFlow, type Step } from './flow.js';

const nest = (depth: number): Step[] => {
  let steps: Step[] = [{ type: 'reload' }];
  for (let i = 0; i < depth; i++) steps = [{ type: 'repeat', times: 1, steps }];
  return steps;
};

describe('flowSchema', () => {
  it('accepts every step family, nested, and round-trips through export/import', () => {
    const flow: Flow = {
      version: 1,
      steps: [
        { type: 'newTab', url: 'https://a.test/${path}' },
        { type: 'type', selector: '#q', text: '${name}', delayMinMs: 20, delayMaxMs: 80 },
        { type: 'wait', ms: 100, maxMs: 300 },
        { type: 'wait', urlContains: '/api/' },
        {
          type: 'if',
          condition: { kind: 'compare', variable: 'x', op: 'eq', value: '1' },
          thenSteps: [{ type: 'click', selector: 'button' }],
          elseSteps: [
            {
              type: 'while',
              condition: { kind: 'elementExists', selector: '.more' },
              maxIterations: 5,
              steps: [{ type: 'break' }],
            },
          ],
        },
        {
          type: 'httpRequest',
          method: 'POST',
          url: 'https://api.test',
          headers: [{ name: 'a', value: 'b' }],
          variable: 'r',
        },
        { type: 'updateProfile', tags: ['warm'] },
        { type: 'callFlow', flowId: 3 },
      ],
    };
    expect(flowSchema.parse(flow)).toEqual(flow);
    expect(importFlow(exportFlow(flow))).toEqual({ flow });
  });

  it('names the field a broken step refuses with, inside nesting', () => {
    const json = JSON.stringify({
      version: 1,
      steps: [
        { type: 'reload' },
        { type: 'if', condition: { kind: 'elementExists', selector: 'a' }, thenSteps: [{ type: 'goto', url: 5 }] },
      ],
    });
    const r = importFlow(json);
    expect('errors' in r && r.errors.map((e) => e.field)).toContain('steps.1.thenSteps.0.url');
    expect(importFlow('{')).toEqual({ errors: [{ field: '', key: 'rpaFlowNotJson' }] });
  });

  it('refuses bad variable names, an unknown step, a non-http request and ranges the wrong way round', () => {
    const bad = (s: unknown) => flowSchema.safeParse({ version: 1, steps: [s] }).error?.issues[0]?.message;
    expect(bad({ type: 'setVariable', name: '1x', value: '' })).toBe('rpaVariableName');
    expect(bad({ type: 'httpRequest', method: 'GET', url: 'file:///etc/passwd', variable: 'r' })).toBe('rpaHttpScheme');
    expect(bad({ type: 'wait', ms: 500, maxMs: 100 })).toBe('rpaRangeOrder');
    expect(bad({ type: 'wait' })).toBe('rpaWaitNeedsTarget');
    expect(bad({ type: 'teleport' })).toBeDefined();
    expect(bad({ type: 'goto', url: 'a\u0000' })).toBe('textInvalid');
  });

  it('bounds nesting and the step count without overflowing the stack', () => {
    expect(flowSchema.safeParse({ version: 1, steps: nest(FLOW_MAX_DEPTH) }).success).toBe(true);
    expect(flowSchema.safeParse({ version: 1, steps: nest(FLOW_MAX_DEPTH + 1) }).error?.issues[0]?.message).toBe(
      'rpaFlowTooDeep',
    );
    expect(flowSchema.safeParse({ version: 1, steps: nest(20_000) }).success).toBe(false);
    const many = Array.from({ length: 300 }, () => ({ type: 'repeat', times: 1, steps: [{ type: 'reload' }] }));
    expect(flowSchema.safeParse({ version: 1, steps: many }).error?.issues[0]?.message).toBe('rpaFlowTooManySteps');
  });
});

describe('cookieRobotFlow', () => {
  it('visits each site with scrolls, clicks and dwell pauses that add up to the range, and is a valid flow', () => {
    const flow = cookieRobotFlow({
      sites: ['a.test', ' https://b.test/x ', ''],
      dwellMs: { min: 4000, max: 8000 },
      scrolls: 3,
      clicks: 1,
    });
    expect(flowSchema.parse(flow)).toEqual(flow);
    const gotos = flow.steps.filter((s) => s.type === 'goto').map((s) => (s.type === 'goto' ? s.url : ''));
    expect(gotos).toEqual(['https://a.test', 'https://b.test/x']);
    const loops = flow.steps.filter((s) => s.type === 'repeat');
    expect(loops.map((s) => (s.type === 'repeat' ? s.times : 0))).toEqual([3, 1, 3, 1]);
    expect(loops[0]?.type === 'repeat' && loops[0].steps[1]).toEqual({ type: 'wait', ms: 1000, maxMs: 2000 });
  });
});

import { describe, expect, it } from 'vitest';
import {
  checkFlow,
  moveItem,
  newNode,
  nodesToFlow,
  placeErrors,
  STEP_SPECS,
  specOf,
  stepGroups,
  stepNumber,
  toNodes,
  updateList,
  updateNode,
} from './step-model';

describe('the flow editor model, read from the shared step schemas', () => {
  it('knows every step type of stepSchema with its fields and inner lists, and groups them all', () => {
    const types = STEP_SPECS.map((s) => s.type);
    expect(types).toEqual(
      expect.arrayContaining(['goto', 'click', 'type', 'extract', 'wait', 'if', 'forEachRow', 'while']),
    );
    expect(specOf('goto')?.fields.find((f) => f.name === 'url')).toEqual({ name: 'url', kind: 'text', required: true });
    expect(specOf('goto')?.fields.find((f) => f.name === 'waitUntil')?.options).toContain('networkidle');
    expect(specOf('type')?.fields.find((f) => f.name === 'clear')?.kind).toBe('boolean');
    expect(specOf('if')?.lists).toEqual([
      { name: 'thenSteps', required: true },
      { name: 'elseSteps', required: false },
    ]);
    expect(specOf('if')?.fields.find((f) => f.name === 'condition')?.kind).toBe('condition');
    expect(specOf('httpRequest')?.fields.find((f) => f.name === 'headers')?.kind).toBe('pairs');
    const grouped = stepGroups().flatMap((g) => g.types);
    expect(grouped.sort()).toEqual([...types].sort());
  });

  it('round-trips a nested flow through the editor tree and checks it with flowSchema', () => {
    const flow = {
      version: 1 as const,
      steps: [
        { type: 'goto', url: 'https://example.test/' },
        {
          type: 'if',
          condition: { kind: 'elementExists', selector: '#a' },
          thenSteps: [{ type: 'click', selector: '#a' }],
        },
      ],
    };
    const nodes = toNodes(flow.steps);
    expect(nodesToFlow(nodes)).toEqual(flow);
    expect(checkFlow(nodes)).toEqual({ flow });
  });

  it('places a refusal at its step and field, nested or from the server', () => {
    const nodes = [newNode('goto'), newNode('repeat')];
    const inner = newNode('wait');
    const withInner = updateList(nodes, { ownerId: nodes[1]!.id, list: 'steps' }, (l) => [...l, inner]);
    const r = checkFlow(withInner);
    expect('errors' in r && r.errors).toMatchObject({ '1.steps.0': { '': 'rpaWaitNeedsTarget' } });
    expect(placeErrors([{ field: 'body.flow.steps.3.thenSteps.1.url', key: 'textInvalid' }])).toEqual({
      '3.thenSteps.1': { url: 'textInvalid' },
    });
    expect(
      placeErrors([
        { field: 'body.json.steps.0.selector', key: 'x' },
        { field: 'body.name', key: 'nameRequired' },
      ]),
    ).toEqual({
      '0': { selector: 'x' },
      '': { name: 'nameRequired' },
    });
  });

  it('edits one node and reorders within one list, leaving the rest as it was', () => {
    const [a, b, c] = [newNode('goto'), newNode('click'), newNode('wait')];
    const edited = updateNode([a!, b!, c!], b!.id, { selector: '#go' });
    expect(edited[1]?.values).toEqual({ selector: '#go' });
    expect(edited[0]).toBe(a);
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
  });
});

describe('stepNumber', () => {
  it('counts from 1 and names the else branch and a called flow, for editor and runner paths', () => {
    expect(stepNumber('3')).toBe('4');
    expect(stepNumber('2.thenSteps.0')).toBe('3.1');
    expect(stepNumber('2.elseSteps.0')).toBe('3.else 1');
    expect(stepNumber('2.else.1')).toBe('3.else 2');
    expect(stepNumber('4.steps.0')).toBe('5.1');
    expect(stepNumber('2.call.0')).toBe('3.call 1');
  });
});

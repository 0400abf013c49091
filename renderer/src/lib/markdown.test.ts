import { describe, expect, it } from 'vitest';
import { markdownPreview, renderMarkdown } from './markdown';

const dom = (html: string) => {
  const div = document.createElement('div');
  div.innerHTML = html;
  return div;
};

describe('renderMarkdown', () => {
  it('renders Markdown', () => {
    const d = dom(renderMarkdown('# Title\n\n**bold** and [docs](https://example.org/docs)'));
    expect(d.querySelector('h1')?.textContent).toBe('Title');
    expect(d.querySelector('strong')?.textContent).toBe('bold');
    const a = d.querySelector('a');
    expect(a?.getAttribute('href')).toBe('https://example.org/docs');
    expect(a?.getAttribute('target')).toBe('_blank');
    expect(a?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('drops script tags, event handlers and javascript: links', () => {
    const html = renderMarkdown(
      'Hi <script>window.pwned = 1</script>\n\n<img src="x" onerror="window.pwned = 2">\n\n[click](javascript:alert(1)) <a href="JaVaScRiPt:alert(2)">two</a>\n\n<iframe src="https://evil.example"></iframe><svg onload="alert(3)"></svg>',
    );
    const d = dom(html);
    expect(d.querySelector('script')).toBeNull();
    expect(d.querySelector('iframe')).toBeNull();
    expect(html).not.toMatch(/onerror|onload|javascript:/i);
    expect(d.querySelector('img')?.getAttribute('src')).toBe('x');
    for (const a of d.querySelectorAll('a')) expect(a.getAttribute('href') ?? '').not.toMatch(/script/i);
    expect(d.textContent).toContain('click');
  });

  it('gives a plain-text preview', () => {
    expect(markdownPreview('# Up\n\nAll **good** <script>x</script>')).toBe('Up All good');
    expect(markdownPreview('a'.repeat(200), 10)).toBe(`${'a'.repeat(9)}…`);
  });
});

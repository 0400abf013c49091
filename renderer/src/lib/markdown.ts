import DOMPurify from 'dompurify';
import { Marked } from 'marked';

const marked = new Marked({ gfm: true, breaks: true, async: false });

const purifier = DOMPurify();
// Links the operator wrote open in a new tab and cannot reach back into the console.
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.getAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/**
 * Operator Markdown (notices, policy pages) as HTML safe to insert: marked renders it, DOMPurify
 * removes scripts, event handlers, `javascript:` URLs, frames and forms (docs/notices.md).
 */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown) as string;
  return purifier.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe'],
    FORBID_ATTR: ['style'],
  });
}

/** The first line of a notice as plain text (list previews). */
export function markdownPreview(markdown: string, max = 140): string {
  const div = document.createElement('div');
  div.innerHTML = renderMarkdown(markdown);
  const text = (div.textContent ?? '').replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

// What of the chat sticks out of its view or scrolls sideways, for the webview cases (the page alone) and
// the end-to-end specs (the view inside VS Code). It runs in the page through Playwright's evaluate, which
// sends its source text: so it is one self-contained function, using nothing from outside its body.

/** Each element of the chat that runs past the view's edge or hides content sideways, with how far. */
export function sideScrollProblems(): string[] {
  const width = document.documentElement.clientWidth;
  const problems: string[] = [];
  if (document.documentElement.scrollWidth > width) problems.push(`the view scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
  for (const message of document.querySelectorAll('[data-testid="message"]')) {
    if (message.scrollWidth > message.clientWidth + 1) problems.push(`a ${message.getAttribute('data-role') ?? ''} message scrolls sideways: ${message.scrollWidth} > ${message.clientWidth}`);
  }
  for (const element of document.querySelectorAll('.chat *')) {
    const box = element.getBoundingClientRect();
    // Nothing shows of an empty box, nor of text kept for screen readers only (a 1 px box, clipped away).
    if (box.width === 0 || box.height === 0 || (box.width <= 1 && box.height <= 1)) continue;
    // What shows of it: an ancestor that clips (a label cut with an ellipsis) hides the rest on purpose.
    const rect = { left: box.left, right: box.right };
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      if (getComputedStyle(parent).overflowX === 'visible') continue;
      const clip = parent.getBoundingClientRect();
      rect.left = Math.max(rect.left, clip.left);
      rect.right = Math.min(rect.right, clip.right);
    }
    const testId = element.getAttribute('data-testid');
    const name = `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}${testId ? `[${testId}]` : ''}`;
    if (rect.left < -0.5 || rect.right > width + 0.5) problems.push(`${name} spans ${Math.round(rect.left)}–${Math.round(rect.right)} of ${width}`);
    const style = getComputedStyle(element);
    // A diff that keeps its lines whole scrolls sideways within its own box on purpose (data-side-scroll).
    const clipsContent = style.overflowX !== 'visible' && style.textOverflow !== 'ellipsis' && !(element instanceof HTMLTextAreaElement) && !element.hasAttribute('data-side-scroll');
    if (clipsContent && element.scrollWidth > element.clientWidth + 1) problems.push(`${name} hides ${element.scrollWidth - element.clientWidth}px sideways`);
  }
  return problems;
}

/**
 * Runs `then` once the browser has painted what is in the page now: a task queued from the next
 * frame's callback runs after that frame. A hidden page paints no frame, and waits until shown.
 */
export function afterPaint(then: () => void): void {
  requestAnimationFrame(() => void setTimeout(then, 0));
}

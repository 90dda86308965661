/**
 * Page scroll lock shared by every open modal: the body carries `scroll-locked` (base.css)
 * while at least one lock is held, so closing an inner modal does not unlock an outer one.
 */
let holders = 0;

/** Takes a lock and returns the function that releases it (safe to call more than once). */
export function lockScroll(): () => void {
  holders += 1;
  document.body.classList.add("scroll-locked");
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders -= 1;
    if (holders === 0) document.body.classList.remove("scroll-locked");
  };
}

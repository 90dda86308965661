/** A part of a page that did not load: says so, with a Try again button. */
export function RetryAlert({ what, retry }: { what: string; retry: () => void }) {
  return (
    <div role="alert">
      <p>{what} could not be loaded.</p>
      <button type="button" className="button button--secondary" onClick={retry}>
        Try again
      </button>
    </div>
  );
}

import { isRequestError } from "../api/request";
import NotFoundPage from "./NotFoundPage";

function code(error: unknown): unknown {
  return isRequestError(error) ? (error.data as { code?: unknown } | undefined)?.code : undefined;
}

function isNotFound(error: unknown): boolean {
  return code(error) === "not_found";
}

/** The server's message for something gone for good ("… is no longer offered (since …)."). */
function goneMessage(error: unknown): string | null {
  if (code(error) !== "gone" || !isRequestError(error)) return null;
  const message = (error.data as { message?: unknown } | undefined)?.message;
  return typeof message === "string" ? message : "It is no longer offered.";
}

/** What a page shows when its data did not load: the 404 page when the server has no
 * such thing, else the failure with a Try again button. */
export function LoadFailure({ error, retry, what, className }: { error: unknown; retry: () => void; what: string; className: string }) {
  if (isNotFound(error)) return <NotFoundPage />;
  const gone = goneMessage(error);
  if (gone) {
    // The page itself, loaded whole, shows the product's last known figures.
    return (
      <div className={`container ${className}`} role="status">
        <p>
          <strong>No longer offered.</strong> {gone}
        </p>
        <p>
          <a href={window.location.pathname}>See its last known figures</a>
        </p>
      </div>
    );
  }
  return (
    <div className={`container ${className}`} role="alert">
      <p>{what} could not be loaded.</p>
      <button type="button" className="button button--secondary" onClick={retry}>
        Try again
      </button>
    </div>
  );
}

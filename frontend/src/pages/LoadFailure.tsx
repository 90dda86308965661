import { isRequestError } from "../api/request";
import NotFoundPage from "./NotFoundPage";

function isNotFound(error: unknown): boolean {
  return isRequestError(error) && (error.data as { code?: unknown } | undefined)?.code === "not_found";
}

/** What a page shows when its data did not load: the 404 page when the server has no
 * such thing, else the failure with a Try again button. */
export function LoadFailure({ error, retry, what, className }: { error: unknown; retry: () => void; what: string; className: string }) {
  if (isNotFound(error)) return <NotFoundPage />;
  return (
    <div className={`container ${className}`} role="alert">
      <p>{what} could not be loaded.</p>
      <button type="button" className="button button--secondary" onClick={retry}>
        Try again
      </button>
    </div>
  );
}

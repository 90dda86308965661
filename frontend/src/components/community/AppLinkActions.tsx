import { lazy, Suspense, useState } from "react";
import { deviceStore, hasApp, storeUrls } from "./storeLinks";

const loadDialog = () => import("./AppLinkDialog");
const AppLinkDialog = lazy(loadDialog);

export interface AppLinkActionsProps {
  /** The placement asking, logged by the server. */
  commId: string;
}

/**
 * The way to the app (community §2 "Dialogs"): a phone opens its store directly; other
 * devices get a button that opens the dialog texting a download link. Only the store pages
 * the operator configured are offered; with none, nothing is shown.
 */
export default function AppLinkActions({ commId }: AppLinkActionsProps) {
  const [store] = useState(deviceStore);
  // Mounted from the first opening on, so closing can play the modal's animation.
  const [dialog, setDialog] = useState<"never" | "open" | "closed">("never");
  const [urls] = useState(storeUrls);
  if (store === "apple" || store === "android") {
    // A phone gets its own store's page, or nothing when the app is not in that store.
    const href = store === "apple" ? urls.apple : urls.android;
    if (!href) return null;
    return (
      <a className="button button--secondary" href={href}>
        {store === "apple" ? "Download on the App Store" : "Get it on Google Play"}
      </a>
    );
  }
  if (!hasApp(urls, store)) return null;
  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        aria-haspopup="dialog"
        // Fetch the dialog as the pointer comes near, so it opens without a wait.
        onPointerEnter={() => void loadDialog()}
        onClick={() => setDialog("open")}
      >
        Text me a download link
      </button>
      {dialog !== "never" && (
        <Suspense fallback={null}>
          <AppLinkDialog open={dialog === "open"} onClose={() => setDialog("closed")} type="" commId={commId} />
        </Suspense>
      )}
    </>
  );
}

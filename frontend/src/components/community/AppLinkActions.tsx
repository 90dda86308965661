import { lazy, Suspense, useState } from "react";
import { APP_STORE_URL, deviceStore, PLAY_STORE_URL } from "./storeLinks";

const loadDialog = () => import("./AppLinkDialog");
const AppLinkDialog = lazy(loadDialog);

export interface AppLinkActionsProps {
  /** The placement asking, logged by the server. */
  commId: string;
}

/**
 * The way to the app (community §2 "Dialogs"): a phone opens its store directly; other
 * devices get a button that opens the dialog texting a download link.
 */
export default function AppLinkActions({ commId }: AppLinkActionsProps) {
  const [store] = useState(deviceStore);
  // Mounted from the first opening on, so closing can play the modal's animation.
  const [dialog, setDialog] = useState<"never" | "open" | "closed">("never");
  if (store === "apple") {
    return (
      <a className="button button--secondary" href={APP_STORE_URL}>
        Download on the App Store
      </a>
    );
  }
  if (store === "android") {
    return (
      <a className="button button--secondary" href={PLAY_STORE_URL}>
        Get it on Google Play
      </a>
    );
  }
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

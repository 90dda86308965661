import { useEffect, useState } from "react";
import { Link } from "react-router";
import { privateInfo, setPrivateInfo } from "../api/client";
import { isRequestError } from "../api/request";
import { usePageMeta } from "../app/usePageMeta";
import { Toggle } from "../components/ui";
import { useSession } from "../stores/session";
import { formError } from "./formErrors";
import "./forms.css";

type State = { kind: "loading" } | { kind: "guest" } | { kind: "ready"; optOut: boolean } | { kind: "failed"; message: string };

/** `/home/settings/private-info`: the member's choice not to share personal information. */
export default function PrivateInfoPage() {
  usePageMeta("Your privacy choices", "Choose whether Plainrate may share your personal information.");
  const signedIn = useSession((s) => s.signedIn);
  const [state, setState] = useState<State>(signedIn ? { kind: "loading" } : { kind: "guest" });
  const [saving, setSaving] = useState(false);
  const [note, setNote] = useState<string | null>(null);

  useEffect(() => {
    // A guest's answer is known without asking (the server would say 401).
    if (!signedIn) return;
    privateInfo().then(
      (info) => setState({ kind: "ready", optOut: info.optOut }),
      (err: unknown) => {
        const code = isRequestError(err) ? (err.data as { code?: string } | undefined)?.code : undefined;
        setState(code === "guest" ? { kind: "guest" } : { kind: "failed", message: formError(err).message });
      },
    );
  }, [signedIn]);

  const change = async (optOut: boolean) => {
    if (saving || state.kind !== "ready") return;
    setSaving(true);
    setNote(null);
    try {
      const saved = await setPrivateInfo(optOut);
      setState({ kind: "ready", optOut: saved.optOut });
      setNote("Saved.");
    } catch (err) {
      setNote(formError(err).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="form-page">
      <h1>Your privacy choices</h1>
      <p className="form-page__lead">
        You can tell us not to share your personal information. <Link to="/terms/privacy">Read our privacy summary</Link>.
      </p>
      <div className="form-card">
        {state.kind === "loading" && <p>Loading…</p>}
        {state.kind === "guest" && (
          <p>
            <Link to="/sign-in">Sign in</Link> to set your choice. Not a member? <Link to="/pi-request">Ask us not to sell or share</Link>.
          </p>
        )}
        {state.kind === "failed" && <p className="form-error" role="alert">{state.message}</p>}
        {state.kind === "ready" && (
          <>
            <Toggle label="Do not share my personal information" checked={state.optOut} disabled={saving} onChange={(v) => void change(v)} />
            {note && (
              <p className="form-note" role="status">
                {note}
              </p>
            )}
          </>
        )}
      </div>
    </div>
  );
}

import { useState } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { confirmEmail, confirmEmailChange } from "../api/client";
import { usePageMeta } from "../app/usePageMeta";
import { useSession } from "../stores/session";
import { FormError } from "./FormError";
import { useSubmit } from "./useSubmit";
import "./forms.css";

/** The e-mailed links that confirm an address: a new member's (`/join/confirm`) and a new
 * one (`/home/settings/email/confirm`). The link is used by the button's POST, so a mail
 * scanner that opens it uses nothing up. */
export default function AccountLinkPage() {
  const change = useLocation().pathname.startsWith("/home/settings/email");
  const title = change ? "Confirm your new e-mail address" : "Confirm your e-mail address";
  usePageMeta(title, change ? "Move your account to a new address." : "Confirm your address with the link we sent you.");
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const refresh = useSession((s) => s.refresh);
  const [done, setDone] = useState<string | null>(null);
  const { busy, error, submit } = useSubmit(async () => {
    const answer = await (change ? confirmEmailChange(token) : confirmEmail(token));
    setDone(answer.message);
    refresh();
  });

  return (
    <div className="form-page">
      <h1>{title}</h1>
      <div className="form-card">
        {!token ? (
          <p className="form-error" role="alert">
            This address has no link in it. Open the link from your e-mail again.
          </p>
        ) : done ? (
          <>
            <p className="form-success" role="status">
              {done}
            </p>
            <p>
              <Link to="/">Go to the home page</Link>
            </p>
          </>
        ) : (
          <>
            <p>{change ? "Press the button to move your account to this address." : "Press the button to confirm this is your address."}</p>
            <FormError error={error} />
            <button type="button" className="button" onClick={() => void submit()} disabled={busy}>
              {busy ? "Confirming…" : "Confirm"}
            </button>
          </>
        )}
      </div>
    </div>
  );
}

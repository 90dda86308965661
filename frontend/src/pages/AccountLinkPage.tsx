import { useState } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import type { AccountNotice } from "../api/generated/AccountNotice";
import { confirmEmail, confirmEmailChange, unsubscribe } from "../api/client";
import { usePageMeta } from "../app/usePageMeta";
import { useSession } from "../stores/session";
import { FormError } from "./FormError";
import { useSubmit } from "./useSubmit";
import "./forms.css";

/** What one kind of e-mailed link does. */
interface LinkKind {
  title: string;
  description: string;
  prompt: string;
  button: string;
  busy: string;
  use: (token: string) => Promise<AccountNotice>;
}

const CONFIRM: LinkKind = {
  title: "Confirm your e-mail address",
  description: "Confirm your address with the link we sent you.",
  prompt: "Press the button to confirm this is your address.",
  button: "Confirm",
  busy: "Confirming…",
  use: confirmEmail,
};

const KINDS: Record<string, LinkKind> = {
  "/join/confirm": CONFIRM,
  "/home/settings/email/confirm": {
    title: "Confirm your new e-mail address",
    description: "Move your account to a new address.",
    prompt: "Press the button to move your account to this address.",
    button: "Confirm",
    busy: "Confirming…",
    use: confirmEmailChange,
  },
  "/unsubscribe": {
    title: "Unsubscribe",
    description: "Stop a kind of e-mail from Plainrate.",
    prompt: "Press the button to stop the e-mails this link came in: the address it was sent to gets no more of them. Codes and links you ask for still come.",
    button: "Unsubscribe",
    busy: "Unsubscribing…",
    use: unsubscribe,
  },
};

/** The e-mailed links used by pressing a button: a new member's address confirmed
 * (`/join/confirm`), a new address confirmed (`/home/settings/email/confirm`) and a list
 * e-mail's unsubscribe link (`/unsubscribe`). The link is used by the button's POST, so a
 * mail scanner that opens it uses nothing up. */
export default function AccountLinkPage() {
  const kind = KINDS[useLocation().pathname.replace(/\/$/, "")] ?? CONFIRM;
  usePageMeta(kind.title, kind.description);
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const refresh = useSession((s) => s.refresh);
  const [done, setDone] = useState<string | null>(null);
  const { busy, error, submit } = useSubmit(async () => {
    const answer = await kind.use(token);
    setDone(answer.message);
    refresh();
  });

  return (
    <div className="form-page">
      <h1>{kind.title}</h1>
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
            <p>{kind.prompt}</p>
            <FormError error={error} />
            <button type="button" className="button" onClick={() => void submit()} disabled={busy}>
              {busy ? kind.busy : kind.button}
            </button>
          </>
        )}
      </div>
    </div>
  );
}

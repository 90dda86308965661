import { useEffect, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { alerts, followListing, setAlertCadence, stopFollowing } from "../api/client";
import type { AlertsView } from "../api/generated/AlertsView";
import type { FollowView } from "../api/generated/FollowView";
import { isRequestError } from "../api/request";
import { usePageMeta } from "../app/usePageMeta";
import { formatDate } from "../components/ui/dates";
import { useFollows } from "../stores/follows";
import { useSession } from "../stores/session";
import { formError } from "./formErrors";
import "./forms.css";
import "./AlertsPage.css";

type State = { kind: "loading" } | { kind: "guest" } | { kind: "ready"; view: AlertsView } | { kind: "failed"; message: string };

/** The deposit listings a member can follow at an APY threshold. */
const KINDS = [
  { key: "savings", label: "Savings accounts" },
  { key: "moneyMarket", label: "Money market accounts" },
  { key: "checking", label: "Checking accounts" },
  { key: "cd", label: "CDs" },
] as const;

/** The form that follows a listing, or changes the threshold of one (`replace`). */
function ListingForm({ editing, onSaved, onCancel }: { editing: FollowView | null; onSaved: (view: AlertsView) => void; onCancel: () => void }) {
  const [type, setType] = useState(editing?.productType ?? "savings");
  const [minApy, setMinApy] = useState(editing?.minApy ?? "");
  const [term, setTerm] = useState(editing?.termMonths?.toString() ?? "");
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    setSaving(true);
    setError(null);
    try {
      const view = await followListing({ type, minApy, ...(type === "cd" && term ? { term } : {}), ...(editing ? { replace: editing.id } : {}) });
      onSaved(view);
    } catch (err) {
      setError(formError(err));
    } finally {
      setSaving(false);
    }
  };
  const invalid = (field: string) => (error?.field === field ? true : undefined);
  return (
    <form className="form-card" onSubmit={(e) => void submit(e)} noValidate>
      <h2>{editing ? "Change this alert" : "Follow a listing"}</h2>
      <p className="form-note">We e-mail you when a product comes to this rate or more: a new one, or one whose rate rose.</p>
      <div className="form-field">
        <label htmlFor="alert-type">Kind of account</label>
        <select id="alert-type" value={type} onChange={(e) => setType(e.target.value)} aria-invalid={invalid("type")}>
          {KINDS.map((k) => (
            <option key={k.key} value={k.key}>
              {k.label}
            </option>
          ))}
        </select>
      </div>
      <div className="form-field">
        <label htmlFor="alert-apy">APY at least (%)</label>
        <input id="alert-apy" type="text" inputMode="decimal" value={minApy} onChange={(e) => setMinApy(e.target.value)} aria-invalid={invalid("minApy")} placeholder="4.50" required />
      </div>
      {type === "cd" && (
        <div className="form-field">
          <label htmlFor="alert-term">Term in months (optional)</label>
          <input id="alert-term" type="text" inputMode="numeric" value={term} onChange={(e) => setTerm(e.target.value)} aria-invalid={invalid("term")} placeholder="12" />
        </div>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error.message}
        </p>
      )}
      <div className="alerts__actions">
        <button type="submit" className="button" disabled={saving}>
          {editing ? "Save the change" : "Follow"}
        </button>
        {editing && (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

function FollowRow({ item, onStop, onChange, busy }: { item: FollowView; onStop: () => void; onChange: () => void; busy: boolean }) {
  return (
    <li className="alerts__item">
      <div>
        <p className="alerts__name">{item.link ? <Link to={item.link}>{item.name}</Link> : item.name}</p>
        <p className="form-note">
          {item.kind === "product" ? "Every change of its figures" : "A product coming to this rate"}
          {item.retired ? " · no longer offered" : ""} · following since {formatDate(item.since)} ·{" "}
          {item.lastSentAt ? `last e-mail ${formatDate(item.lastSentAt)}` : "no e-mail yet"}
        </p>
      </div>
      <div className="alerts__actions">
        {item.kind === "listing" && (
          <button type="button" className="button button--secondary" onClick={onChange} disabled={busy}>
            Change<span className="visually-hidden"> {item.name}</span>
          </button>
        )}
        <button type="button" className="button button--secondary" onClick={onStop} disabled={busy}>
          Stop<span className="visually-hidden"> following {item.name}</span>
        </button>
      </div>
    </li>
  );
}

/** `/home/settings/alerts`: what the member follows, the last e-mail about each, and how
 * often they hear. */
export default function AlertsPage() {
  usePageMeta("Rate alerts", "The products and listings you follow, and how often we e-mail you when they change.");
  const signedIn = useSession((s) => s.signedIn);
  const [state, setState] = useState<State>(signedIn ? { kind: "loading" } : { kind: "guest" });
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<FollowView | null>(null);

  useEffect(() => {
    if (!signedIn) return;
    alerts().then(
      (view) => setState({ kind: "ready", view }),
      (err: unknown) => {
        const code = isRequestError(err) ? (err.data as { code?: string } | undefined)?.code : undefined;
        setState(code === "guest" ? { kind: "guest" } : { kind: "failed", message: formError(err).message });
      },
    );
  }, [signedIn]);

  const apply = (view: AlertsView) => {
    // The product pages' buttons read the follows again.
    useFollows.getState().reset();
    // A change of a follow just stopped has nothing left to change.
    setEditing((was) => (was && view.follows.some((f) => f.id === was.id) ? was : null));
    setState({ kind: "ready", view });
    setNote(view.message ?? null);
  };
  const run = async (write: () => Promise<AlertsView>) => {
    if (busy) return;
    setBusy(true);
    setNote(null);
    try {
      apply(await write());
    } catch (err) {
      setNote(formError(err).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="form-page alerts">
      <h1>Rate alerts</h1>
      <p className="form-page__lead">
        We e-mail you when a product you follow changes a rate or a fee, or when a product comes into a listing you follow. The figures are the ones our catalogue updates record.
      </p>
      {state.kind === "loading" && <p>Loading…</p>}
      {state.kind === "guest" && (
        <div className="form-card">
          <p>
            <Link to="/sign-in">Sign in</Link> to see and change your alerts.
          </p>
        </div>
      )}
      {state.kind === "failed" && (
        <p className="form-error" role="alert">
          {state.message}
        </p>
      )}
      {state.kind === "ready" && (
        <div className="form-stack">
          <p className="form-note" role="status">
            {note}
          </p>
          {!state.view.confirmed && <p className="alerts__warning">Your e-mail address is not confirmed yet, so we send no alerts. Use the link in the e-mail we sent when you joined.</p>}
          {state.view.unsubscribed && <p className="alerts__warning">This address unsubscribed from rate alerts with the link in one of them, so we send none.</p>}
          <fieldset className="form-card alerts__cadence">
            <legend>How often</legend>
            {(
              [
                ["immediate", "An e-mail after each update that changes what you follow"],
                ["weekly", "At most one e-mail a week, with every change since the last"],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="form-check">
                <input type="radio" name="cadence" value={value} checked={state.view.cadence === value} disabled={busy} onChange={() => void run(() => setAlertCadence(value))} />
                <span>{label}</span>
              </label>
            ))}
          </fieldset>
          <section className="form-card" aria-labelledby="alerts-following">
            <h2 id="alerts-following">What you follow</h2>
            {state.view.follows.length === 0 ? (
              <p>You follow nothing yet. On a product&apos;s page or your saved products, choose &ldquo;Alert me when this changes&rdquo;, or follow a listing below.</p>
            ) : (
              <ul className="alerts__list">
                {state.view.follows.map((item) => (
                  <FollowRow key={item.id} item={item} busy={busy} onStop={() => void run(() => stopFollowing(item.id))} onChange={() => setEditing(item)} />
                ))}
              </ul>
            )}
          </section>
          <ListingForm
            key={editing?.id ?? "new"}
            editing={editing}
            onSaved={(view) => {
              setEditing(null);
              apply(view);
            }}
            onCancel={() => setEditing(null)}
          />
        </div>
      )}
    </div>
  );
}

import type { ReactNode } from "react";

/**
 * A link to another site that opens in a new tab, and says so to a screen reader (a sighted
 * visitor sees the new tab open; a listener would otherwise lose their place unawares).
 */
export function NewTabLink({ href, rel, children, className }: { href: string; rel: string; children: ReactNode; className?: string }) {
  return (
    <a href={href} rel={rel} target="_blank" className={className}>
      {children}
      <span className="visually-hidden">, opens in a new tab</span>
    </a>
  );
}

import type { ArtView } from "../../api/generated/ArtView";

/** The site's own illustration of a product (card art or the institution's mark), at its
 * stated size so nothing moves when it arrives; its text says it is an illustration. */
export function ProductArt({ art, className = "" }: { art: ArtView; className?: string }) {
  return <img className={`product-art ${className}`} src={art.src} alt={art.alt} title={art.alt} width={art.width} height={art.height} loading="lazy" decoding="async" />;
}

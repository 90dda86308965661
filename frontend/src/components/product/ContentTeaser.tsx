import { Link } from "react-router";
import "./product.css";

/** The content-teaser layout: optional image, category and a comment linking to the content. */
export function ContentTeaser({ image, category, comment, href }: { image?: string; category: string; comment: string; href: string }) {
  return (
    <article className="teaser">
      {image && <img className="teaser__image" src={image} alt="" loading="lazy" />}
      <p className="teaser__category">{category}</p>
      <p className="teaser__comment">
        <Link to={href}>{comment}</Link>
      </p>
    </article>
  );
}

/** A plain comment block: the editor's comment on a product, with who wrote it. */
export function CommentBlock({ comment, author = "Plainrate editors" }: { comment: string; author?: string }) {
  return (
    <blockquote className="comment-block">
      <p>{comment}</p>
      <footer>— {author}</footer>
    </blockquote>
  );
}

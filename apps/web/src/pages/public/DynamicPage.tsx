import { ArticlePage } from './ArticlePage.tsx';

/** `/dynamic/{code}.html` (a lazy route of its own). */
export default function DynamicPage() {
  return <ArticlePage kind="news" />;
}

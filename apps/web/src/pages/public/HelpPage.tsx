import { ArticlePage } from './ArticlePage.tsx';

/** `/help/{code}.html` (a lazy route of its own). */
export default function HelpPage() {
  return <ArticlePage kind="help" />;
}

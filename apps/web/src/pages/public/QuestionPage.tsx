import { ArticlePage } from './ArticlePage.tsx';

/** `/question/{code}.html` (a lazy route of its own). */
export default function QuestionPage() {
  return <ArticlePage kind="question" />;
}

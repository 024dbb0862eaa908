import { useSearchParams } from 'react-router';
import { Workspace } from '../../../features/bid/workspace/Workspace.tsx';

/** `/home/book/BidingWrite?id=`: the writing workspace (outline, editor, AI panel). */
export default function BidingWritePage() {
  const [params] = useSearchParams();
  return <Workspace bidId={params.get('id')} />;
}

import { WorkbenchFrame } from './WorkbenchFrame.tsx';

/** The /home layout of personal accounts. */
export default function DefaultLayout() {
  return <WorkbenchFrame />;
}

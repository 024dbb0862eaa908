import { WorkbenchFrame } from './WorkbenchFrame.tsx';

/** The /home layout of company employees: company name and 企业 badge in the header, 员工管理 in the menu. */
export default function CorporateLayout({ companyName }: { companyName: string }) {
  return <WorkbenchFrame company={{ name: companyName }} />;
}

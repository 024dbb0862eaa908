import { Col, Row, Skeleton } from 'antd';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { useSession } from '../../../stores/session.ts';
import {
  PasswordPanel,
  PhonePanel,
  PreferencePanel,
  ProfilePanel,
  QuotaPanel,
} from '../../../features/account/AccountPanels.tsx';

/** `/home/account`: profile, quota buckets, phone and password, preferences (notices show above every /home screen: NoticeBar). */
export default function AccountPage() {
  const user = useSession((s) => s.user);
  return (
    <PageFrame title="个人中心" description="查看账号与标书额度，修改手机号、密码和偏好设置。">
      <QuotaPanel />
      {user ? (
        <>
          <ProfilePanel user={user} />
          <Row gutter={16}>
            <Col xs={24} xl={12}>
              <PhonePanel key={user.phone} user={user} />
            </Col>
            <Col xs={24} xl={12}>
              <PasswordPanel key={String(user.hasPassword)} user={user} />
            </Col>
          </Row>
          <PreferencePanel user={user} />
        </>
      ) : (
        <Skeleton active paragraph={{ rows: 4 }} />
      )}
    </PageFrame>
  );
}

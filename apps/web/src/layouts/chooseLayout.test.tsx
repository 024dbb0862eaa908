import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { chooseLayout } from './chooseLayout.ts';
import { renderRoute, waitForHeading } from '../router/testing.tsx';

afterEach(cleanup);
vi.setConfig({ testTimeout: 90_000 });

describe('layout choice', () => {
  it('picks the corporate layout for company users', () => {
    expect(chooseLayout({ company: true })).toBe('corporate');
    expect(chooseLayout({ company: false })).toBe('default');
  });

  it('renders the default layout for personal accounts: no company, no 员工管理', async () => {
    const { container } = renderRoute('/home', { token: 't', user: { isEmployee: 0, name: '' } });
    await waitForHeading(3, '工作台');
    expect(container.querySelector('[data-layout="default"]')).not.toBeNull();
    expect(screen.queryByTestId('company-header')).toBeNull();
    expect(screen.queryByRole('link', { name: '员工管理' })).toBeNull();
  });

  it('renders the corporate layout for employees: company name, 企业 badge, 员工管理 entry', async () => {
    const { container } = renderRoute('/home', {
      token: 't',
      user: { isEmployee: 1, name: '华东建设集团有限公司' },
    });
    await waitForHeading(3, '工作台');
    expect(container.querySelector('[data-layout="corporate"]')).not.toBeNull();
    const header = screen.getByTestId('company-header');
    expect(within(header).getByText('华东建设集团有限公司')).toBeTruthy();
    expect(within(header).getByText('企业')).toBeTruthy();
    expect(screen.getByText('员工管理').closest('a')!.getAttribute('href')).toBe('/home/employees');
  });
});

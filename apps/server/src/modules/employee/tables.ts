/** Table types of employee invitations (migration 0600_employee_invitations). */
export interface EmployeeInvitationTable {
  id: string;
  tenant_id: string;
  /** The invited phone number (the person logs in with it to see the invitation). */
  phone: string;
  /** The name the administrator gave; applied when accepted if the account has none. */
  name: string;
  invited_by: string;
  status: 'pending' | 'accepted' | 'declined' | 'revoked';
  created_at: string;
  updated_at: string;
}

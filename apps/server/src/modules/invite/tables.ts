/** Table of the invitation rewards (migration 0100). */
export interface InviteRecordTable {
  id: string;
  inviter_user_id: string;
  invitee_user_id: string;
  invitation_code: string;
  reward_units: number;
  created_at: string;
}

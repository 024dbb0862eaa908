export interface FeedbackTable {
  id: string;
  user_id: string;
  tenant_id: string;
  type: string;
  content: string;
  contact: string | null;
  /** JSON array of image URLs. */
  images: string | null;
  reply: string | null;
  reply_at: string | null;
  /** Feedback (1330): the operator who replied, and when the user saw the reply. */
  replied_by: string | null;
  reply_read_at: string | null;
  created_at: string;
  updated_at: string;
}

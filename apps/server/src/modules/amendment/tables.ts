/**
 * A bid's amendments (migration 0220): the text read from the upload or pasted, and the changes
 * read from it against the tender at the time it was added (JSON of AmendmentChange[]).
 */
export interface BidAmendmentTable {
  id: string;
  bid_id: string;
  name: string;
  file_id: string | null;
  text: string;
  changes: string;
  created_at: string;
}

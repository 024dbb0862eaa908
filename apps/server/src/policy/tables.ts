/** Table of the operators (migration 0800). */
/** Users who operate the product (curate the public knowledge library). */
export interface OperatorTable {
  user_id: string;
  created_at: string;
}

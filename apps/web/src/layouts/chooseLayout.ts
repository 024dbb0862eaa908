export type LayoutKind = 'default' | 'corporate';

/** SPEC section 2 "two layouts": company employees (session `company`) get the corporate one. */
export function chooseLayout(session: { company: boolean }): LayoutKind {
  return session.company ? 'corporate' : 'default';
}

import { create } from 'zustand';
import { endpoints, maskPhone, SESSION_COOKIE, userInfoSchema, type UserInfo } from '@bid/shared';
import { api } from '../api/request.ts';
import { connectSession } from '../api/sessionPort.ts';
import { readCookie, removeCookie } from '../utils/cookie.ts';

/**
 * The session (SPEC sections 3 and 4). The token lives in the `Admin-Token` cookie, which the server
 * sets on login and clears on logout; it is HttpOnly, so the web app never sees it (issue 30,
 * finding 7): every call carries it as a cookie. The app knows it is signed in from the readable
 * `Admin-Session` cookie the server sets beside it, a random marker that grants nothing.
 */
export interface SessionState {
  /**
   * The session marker (the `Admin-Session` cookie), not the token: null when signed out; a new
   * value after another login. Named `token` where the request layer compares sessions.
   */
  token: string | null;
  user: UserInfo | null;
  /** True when user.isEmployee === 1 (company layout, employee management). */
  company: boolean;
  /** The company's name (user.name) for company users, '' otherwise. */
  companyName: string;
  /** Both default to 1 and return to 1 on logout. */
  bidFileShowFlag: number;
  projectListShowFlag: number;
  /** User info for the current token has been fetched. */
  loaded: boolean;

  /** Login success: keep the marker the login answer's cookie set (the login flow then calls loadUserInfo). */
  setToken(marker: string): void;
  /** Fetch the user of the current token; null when anonymous or when the call failed. */
  loadUserInfo(): Promise<UserInfo | null>;
  /** Calls the server's logout (unless told not to), then clears the session. Never rejects. */
  logout(options?: { callServer?: boolean }): Promise<void>;
  /** Clear the session locally: user fields, company false, both flags 1, the marker cookie removed. */
  reset(): void;
}

type SessionData = Pick<
  SessionState,
  'token' | 'user' | 'company' | 'companyName' | 'bidFileShowFlag' | 'projectListShowFlag' | 'loaded'
>;

const SIGNED_OUT: Omit<SessionData, 'token'> = {
  user: null,
  company: false,
  companyName: '',
  bidFileShowFlag: 1,
  projectListShowFlag: 1,
  loaded: false,
};

/** The state that follows from a user record (SPEC section 3). */
export function deriveFromUser(user: UserInfo): Omit<SessionData, 'token' | 'loaded'> {
  const company = user.isEmployee === 1;
  return {
    user,
    company,
    companyName: company ? (user.name ?? '') : '',
    bidFileShowFlag: user.bidFileShowFlag ?? 1,
    projectListShowFlag: user.projectListShowFlag ?? 1,
  };
}

export const useSession = create<SessionState>()((set, get) => ({
  token: readCookie(SESSION_COOKIE),
  ...SIGNED_OUT,

  setToken(marker) {
    // A different account may log in on the same tab: nothing of the previous user survives.
    set({ ...SIGNED_OUT, token: marker });
  },

  async loadUserInfo() {
    const token = get().token;
    if (!token) return null;
    let user: UserInfo;
    try {
      // Polling on every navigation (SPEC section 2) must not trip the duplicate-submit guard.
      user = userInfoSchema.parse(await api.call(endpoints.userInfo, undefined, { noDuplicateGuard: true }));
    } catch {
      // The request layer has already told the user (and handled a 401); a malformed answer keeps the
      // previous user rather than signing out someone who is still logged in.
      return null;
    }
    // The user may have logged out or switched accounts while the call was under way.
    if (get().token !== token) return null;
    set({ ...deriveFromUser(user), loaded: true });
    return user;
  },

  async logout({ callServer = true } = {}) {
    const token = get().token;
    // The HttpOnly cookie goes with the call whatever the local state: the server revokes the
    // session and clears both cookies.
    const pending =
      callServer && token
        ? api
            .call(endpoints.logout, undefined, {
              silent: true,
              skipAuthHandling: true,
              noDuplicateGuard: true,
            })
            .catch(() => undefined)
        : Promise.resolve();
    get().reset();
    await pending;
  },

  reset() {
    // The marker only: the token's cookie is HttpOnly and cleared by the server (logout, or the 401
    // that refuses a session which has ended).
    removeCookie(SESSION_COOKIE);
    set({ token: null, ...SIGNED_OUT });
  },
}));

// The request layer reads the session marker and ends an expired session through this port.
connectSession({
  token: () => useSession.getState().token,
  expire: (callServer) => void useSession.getState().logout({ callServer }),
});

/** The account as shown to the user: `138****0000`. */
export function selectMaskedAccount(state: Pick<SessionState, 'user'>): string {
  return maskPhone(state.user?.account);
}

/** Whether a model tier may be chosen (modelData: 1 means disabled). */
export function selectModelEnabled(state: Pick<SessionState, 'user'>, tier: 'standard' | 'premium'): boolean {
  const data = state.user?.modelData;
  if (!data) return true;
  return (tier === 'premium' ? data.premium_status : data.standard_status) !== 1;
}

import { create } from 'zustand';
import {
  AUTH_HEADER,
  endpoints,
  LIMITS,
  maskPhone,
  TOKEN_COOKIE,
  userInfoSchema,
  type UserInfo,
} from '@bid/shared';
import { api } from '../api/request.ts';
import { connectSession } from '../api/sessionPort.ts';
import { readCookie, removeCookie, writeCookie } from '../utils/cookie.ts';

/**
 * The session (SPEC sections 3 and 4). The token lives in the `Admin-Token` cookie (path /, SameSite=Lax)
 * so that downloads and server-rendered pages see it too; this store mirrors it for React.
 */
export interface SessionState {
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

  /** Login success: store the token (the login flow then calls loadUserInfo). */
  setToken(token: string): void;
  /** Fetch the user of the current token; null when anonymous or when the call failed. */
  loadUserInfo(): Promise<UserInfo | null>;
  /** Calls the server's logout (unless told not to), then clears the session. Never rejects. */
  logout(options?: { callServer?: boolean }): Promise<void>;
  /** Clear the session locally: user fields, company false, both flags 1, cookie removed. */
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
  token: readCookie(TOKEN_COOKIE),
  ...SIGNED_OUT,

  setToken(token) {
    writeCookie(TOKEN_COOKIE, token, { maxAgeSeconds: LIMITS.sessionTtlSeconds });
    // A different account may log in on the same tab: nothing of the previous user survives.
    set({ ...SIGNED_OUT, token });
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
    // Sent with the token explicitly: the local session is cleared right after, before the call ends.
    const pending =
      callServer && token
        ? api
            .call(endpoints.logout, undefined, {
              silent: true,
              skipAuthHandling: true,
              noDuplicateGuard: true,
              headers: { [AUTH_HEADER]: `bearer ${token}` },
            })
            .catch(() => undefined)
        : Promise.resolve();
    get().reset();
    await pending;
  },

  reset() {
    removeCookie(TOKEN_COOKIE);
    set({ token: null, ...SIGNED_OUT });
  },
}));

/** The token for code outside React (the request layer). */
// The request layer reads the token and ends an expired session through this port.
connectSession({
  token: () => useSession.getState().token,
  expire: (callServer) => void useSession.getState().logout({ callServer }),
});

export function getToken(): string | null {
  return useSession.getState().token;
}

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

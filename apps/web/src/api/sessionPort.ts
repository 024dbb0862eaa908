/**
 * What the request layer needs of the session: the current token and a way to end the session
 * when the server answers 401. The session store connects itself here when it loads, so the
 * request layer never imports the store (which imports the request layer to call the API).
 */
export interface SessionPort {
  token(): string | null;
  /** Ends the session locally; `callServer` also revokes it on the server. */
  expire(callServer: boolean): void;
}

let port: SessionPort = { token: () => null, expire: () => {} };

export function connectSession(p: SessionPort): void {
  port = p;
}

export function sessionPort(): SessionPort {
  return port;
}

import { Link } from 'react-router';

/** The product mark: a document with a spark, drawn inline so it needs no image request. */
export function LogoMark({ className = 'bs-logo__mark' }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="bs-logo-g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#2563eb" />
          <stop offset="1" stopColor="#1d4ed8" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill="url(#bs-logo-g)" />
      <path
        d="M9 8.5h9.5l4.5 4.5v10.5a1.5 1.5 0 0 1-1.5 1.5h-12A1.5 1.5 0 0 1 8 23.5v-13.5A1.5 1.5 0 0 1 9 8.5z"
        fill="#fff"
        opacity="0.95"
      />
      <path d="M18.5 8.5V13H23" fill="none" stroke="#bfd2ff" strokeWidth="1.2" />
      <rect x="11" y="15" width="9" height="1.6" rx="0.8" fill="#1d4ed8" />
      <rect x="11" y="18.4" width="6.5" height="1.6" rx="0.8" fill="#93b4ff" />
      <path d="M23.5 18.5l1 2.3 2.3 1-2.3 1-1 2.3-1-2.3-2.3-1 2.3-1z" fill="#facc15" />
    </svg>
  );
}

export function Logo({ to = '/', light = false }: { to?: string; light?: boolean }) {
  return (
    <Link to={to} className={`bs-logo${light ? ' bs-logo--light' : ''}`} aria-label="标书 AI 首页">
      <LogoMark />
      <span>
        标书<span className="bs-logo__ai">AI</span>
      </span>
    </Link>
  );
}

/** One small drawing per error (spec §2: the image depends on the status code). Decorative. */
export function ErrorIllustration({ code }: { code: number }) {
  return (
    <svg
      viewBox="0 0 240 160"
      width="240"
      height="160"
      aria-hidden="true"
      focusable="false"
      className="h-auto w-48 sm:w-60"
    >
      <ellipse cx="120" cy="146" rx="92" ry="8" fill="#e7e5e4" />
      {code === 404 ? (
        <Lost />
      ) : code === 401 ? (
        <Locked />
      ) : code === 403 ? (
        <NoEntry />
      ) : code === 429 ? (
        <Hourglass />
      ) : code === 500 ? (
        <Broken />
      ) : (
        <Unplugged />
      )}
    </svg>
  )
}

const ink = '#1c1917'
const gold = '#d99a00'
const paper = '#fff8e6'

/** A parcel with a map: the page wandered off. */
function Lost() {
  return (
    <g stroke={ink} strokeWidth="3" strokeLinejoin="round" strokeLinecap="round">
      <path d="M70 60 120 38l50 22v56l-50 22-50-22V60Z" fill={paper} />
      <path d="M70 60l50 22 50-22M120 82v56" fill="none" />
      <path d="M95 49l50 22" fill="none" stroke={gold} strokeWidth="6" />
      <circle cx="186" cy="40" r="16" fill="#fff" />
      <text
        x="186"
        y="47"
        textAnchor="middle"
        fontSize="20"
        fontFamily="sans-serif"
        fontWeight="700"
        fill={ink}
        stroke="none"
      >
        ?
      </text>
    </g>
  )
}

function Locked() {
  return (
    <g stroke={ink} strokeWidth="3" strokeLinejoin="round">
      <path d="M95 70V55a25 25 0 0 1 50 0v15" fill="none" />
      <rect x="80" y="70" width="80" height="64" rx="12" fill={gold} />
      <circle cx="120" cy="98" r="8" fill={ink} />
      <path d="M120 104v14" strokeLinecap="round" />
    </g>
  )
}

function NoEntry() {
  return (
    <g stroke={ink} strokeWidth="3">
      <path d="M120 96v44" strokeLinecap="round" />
      <circle cx="120" cy="62" r="42" fill="#b91c1c" />
      <rect x="92" y="54" width="56" height="16" rx="3" fill="#fff" />
    </g>
  )
}

function Hourglass() {
  return (
    <g stroke={ink} strokeWidth="3" strokeLinejoin="round" strokeLinecap="round">
      <path d="M88 26h64M88 138h64" />
      <path d="M96 26c0 30 48 36 48 56s-48 26-48 56h48c0-30-48-36-48-56s48-26 48-56" fill={paper} />
      <path d="M106 128c4-10 24-10 28 0Z" fill={gold} stroke="none" />
      <path d="M110 50c6 8 14 8 20 0Z" fill={gold} stroke="none" />
      <path d="M120 82v30" stroke={gold} strokeDasharray="2 5" />
    </g>
  )
}

function Broken() {
  return (
    <g stroke={ink} strokeWidth="3" strokeLinejoin="round" strokeLinecap="round">
      <rect x="62" y="40" width="116" height="82" rx="10" fill={paper} />
      <path d="M62 58h116" />
      <path d="M104 76l32 30M136 76l-32 30" stroke="#b91c1c" strokeWidth="5" />
      <path d="M150 30l8 12-6 10 8 12" fill="none" stroke={gold} strokeWidth="4" />
    </g>
  )
}

function Unplugged() {
  return (
    <g stroke={ink} strokeWidth="3" strokeLinejoin="round" strokeLinecap="round">
      <path d="M30 100h46" />
      <rect x="76" y="84" width="30" height="32" rx="6" fill={gold} />
      <path d="M106 92h12M106 108h12" />
      <rect x="144" y="84" width="30" height="32" rx="6" fill={paper} />
      <path d="M174 100h40" />
      <path d="M126 80l6-10M132 100h10M126 120l6 10" stroke="#b91c1c" />
    </g>
  )
}

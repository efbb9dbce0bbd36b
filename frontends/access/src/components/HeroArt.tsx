import { Avatar, CalendarIcon, HeartIcon, LeafIcon } from '@mer/design-system';
import { memberCountText } from '../domain/member-count.ts';

const CIRCLE_MEMBERS = ['Lena Brandt', 'Omar Haddad', 'Priya Nair', 'Jon Evers'];
/** The sample circle's size: its four faces and "+8". */
const CIRCLE_SIZE = 12;

/** The landing page's illustration: layered circles and glimpses of community life. Decorative only. */
export function HeroArt() {
  return (
    <div aria-hidden="true" className="relative mx-auto aspect-square w-full max-w-[30rem]">
      <div className="absolute inset-0 rounded-full bg-gradient-to-br from-sand-200 via-sand-100 to-sage-100" />
      <div className="absolute inset-[9%] rounded-full border border-sand-300/70" />
      <div className="absolute inset-[20%] rounded-full border border-sage-300/60" />
      <div className="absolute inset-[31%] rounded-full bg-gradient-to-br from-sage-200 to-sage-100 animate-breathe" />
      <div className="absolute inset-[41%] rounded-full bg-white/80" />
      <div className="absolute top-[9%] left-[-4%] w-60 rounded-2xl bg-white p-4 shadow-lift ring-1 ring-sand-200">
        <div className="flex items-center gap-3">
          <span className="grid size-10 place-items-center rounded-full bg-sage-100 text-sage-700">
            <LeafIcon className="size-5" />
          </span>
          <div>
            <p className="text-sm font-semibold text-ink-900">Morning meditation circle</p>
            <p className="text-xs text-ink-500">{memberCountText(CIRCLE_SIZE)} gathering</p>
          </div>
        </div>
        {/* Overlap by 4 px only: a deeper overlap hides the second letter of the initials under the next face. */}
        <div className="mt-3 flex items-center -space-x-1">
          {CIRCLE_MEMBERS.map((name) => (
            <Avatar key={name} name={name} size="sm" decorative />
          ))}
          <span className="grid h-9 place-items-center rounded-full bg-sand-100 px-2.5 text-xs font-semibold text-ink-600 ring-2 ring-white">
            +{CIRCLE_SIZE - CIRCLE_MEMBERS.length}
          </span>
        </div>
      </div>
      <div className="absolute right-[-6%] bottom-[22%] w-56 rounded-2xl bg-white p-4 shadow-lift ring-1 ring-sand-200">
        <div className="flex items-center gap-3">
          <span className="grid size-10 place-items-center rounded-full bg-ink-100 text-ink-700">
            <CalendarIcon className="size-5" />
          </span>
          <div>
            <p className="text-sm font-semibold text-ink-900">Full moon sound bath</p>
            <p className="text-xs text-ink-500">Saturday · 8 pm</p>
          </div>
        </div>
      </div>
      <div className="absolute bottom-[4%] left-[12%] flex items-center gap-2 rounded-full bg-ink-900 px-4 py-2.5 text-xs font-medium text-white shadow-lift">
        <HeartIcon className="size-4 text-clay-100" />
        You and Priya share 4 practices
      </div>
    </div>
  );
}

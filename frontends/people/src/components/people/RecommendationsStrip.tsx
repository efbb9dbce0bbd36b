import { CloseIcon, SparkleIcon } from '@mer/design-system';
import { useDismissRecommendation, useRecommendations } from '../../api/social-graph-hooks.ts';
import { PersonCard } from '../connections/PersonCard.tsx';

/**
 * "People you may resonate with": suggestions with their reasons in plain words, each dismissable. Quietly
 * absent while there are none or they could not be loaded: discovery below still works.
 */
export function RecommendationsStrip() {
  const { data } = useRecommendations();
  const dismiss = useDismissRecommendation();
  const items = data?.recommendations ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="resonate-heading" className="mt-6">
      <h2 id="resonate-heading" className="flex items-center gap-2 font-display text-xl text-ink-900">
        <SparkleIcon className="size-5 text-gold-600" aria-hidden="true" /> People you may resonate with
      </h2>
      <ul className="-mx-4 mt-3 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-2 sm:mx-0 sm:scroll-px-0 sm:px-0">
        {items.map(({ person, reasons }) => (
          <li key={person.userId} className="w-[17.5rem] shrink-0 snap-start sm:w-72">
            <PersonCard
              person={{ ...person, sharedPractices: [] }}
              source="recommendations"
              extra={
                reasons.length > 0 ? (
                  <p className="text-sm leading-snug text-ink-700" data-testid="recommendation-reasons">
                    {reasons.join(' · ')}
                  </p>
                ) : null
              }
              aside={
                <button
                  type="button"
                  onClick={() => dismiss.mutate(person.userId)}
                  aria-label={`Dismiss the suggestion ${person.name}`}
                  className="-mt-1 -mr-1 grid size-9 shrink-0 place-items-center rounded-full text-ink-500 hover:bg-sand-100 hover:text-ink-800"
                >
                  <CloseIcon className="size-4" />
                </button>
              }
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

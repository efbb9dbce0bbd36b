import { Fragment, useId, useMemo, type ReactNode } from 'react';
import type { HumanDesignChart } from '../domain/bodygraph.ts';
import { Card } from '@mer/design-system';
import {
  INACTIVE_CHANNEL,
  SIDE_COLOURS,
  VIEWBOX,
  describeBodygraph,
  layoutBodygraph,
  type ActivationSide,
} from '../domain/bodygraph.ts';

const STROKE = '#3b3a36';

/** One channel half in the colour of the side that activates its gate; both sides: red with black stripes. */
function ActiveHalf({ side, d }: { side: ActivationSide; d: string }) {
  if (side === 'both') {
    return (
      <>
        <path d={d} stroke={SIDE_COLOURS.design} strokeWidth={5} />
        <path d={d} stroke={SIDE_COLOURS.personality} strokeWidth={5} strokeDasharray="3 3" />
      </>
    );
  }
  return <path d={d} stroke={SIDE_COLOURS[side]} strokeWidth={5} />;
}

function LegendSwatch({ side }: { side: ActivationSide }) {
  const style =
    side === 'both'
      ? {
          backgroundImage: `repeating-linear-gradient(90deg, ${SIDE_COLOURS.personality} 0 4px, ${SIDE_COLOURS.design} 4px 8px)`,
        }
      : { backgroundColor: SIDE_COLOURS[side] };
  return <span aria-hidden="true" className="inline-block h-1.5 w-6 rounded-full" style={style} />;
}

/**
 * The member's Human Design bodygraph as SVG, drawn from the engine's data: defined centres filled, open ones
 * white; defined channels whole, active gates of open channels as half lines ("hanging gates"); personality
 * black, design red, both striped; every gate number. For screen readers the picture is one image with a title
 * and a description, and the same facts are printed beside it, so nobody needs the picture to read them.
 */
export function Bodygraph({ chart }: { chart: HumanDesignChart }) {
  // React's ids contain characters that break url(#…) references; the gradient id must be plain.
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const layout = useMemo(() => layoutBodygraph(chart.bodygraph), [chart.bodygraph]);
  const text = describeBodygraph(chart);
  const gateFill = (side: ActivationSide) => (side === 'both' ? `url(#${id}-both)` : SIDE_COLOURS[side]);
  return (
    <figure className="m-0">
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        viewBox={`0 0 ${VIEWBOX.width} ${VIEWBOX.height}`}
        className="mx-auto block h-auto w-full max-w-sm"
        data-testid="bodygraph"
      >
        <title id={`${id}-title`}>{text.title}</title>
        <desc id={`${id}-desc`}>{text.sentence}</desc>
        <defs>
          <linearGradient id={`${id}-both`} x1="0" x2="1" y1="0" y2="0">
            <stop offset="50%" stopColor={SIDE_COLOURS.personality} />
            <stop offset="50%" stopColor={SIDE_COLOURS.design} />
          </linearGradient>
        </defs>
        <g fill="none" strokeLinecap="round">
          {layout.halves.map((h) => (
            <path
              key={`${h.key}:${h.gate}:base`}
              d={`M${h.from.x} ${h.from.y}L${h.to.x} ${h.to.y}`}
              stroke={INACTIVE_CHANNEL}
              strokeWidth={7}
            />
          ))}
          {layout.halves.map((h) =>
            h.side ? (
              <ActiveHalf
                key={`${h.key}:${h.gate}`}
                side={h.side}
                d={`M${h.from.x} ${h.from.y}L${h.to.x} ${h.to.y}`}
              />
            ) : null,
          )}
        </g>
        <g stroke={STROKE} strokeWidth={1.5} strokeLinejoin="round">
          {layout.centres.map((c) => (
            <polygon key={c.id} points={c.points} fill={c.fill} data-centre={c.id} data-defined={c.defined} />
          ))}
        </g>
        <g fontSize={7.5} fontWeight={600} textAnchor="middle" dominantBaseline="central">
          {layout.gates.map((g) => (
            <g key={g.gate} data-gate={g.gate} data-side={g.side ?? 'none'}>
              <title>{g.detail}</title>
              {g.side ? <circle cx={g.label.x} cy={g.label.y} r={5.5} fill={gateFill(g.side)} /> : null}
              <text x={g.label.x} y={g.label.y} fill={g.side ? '#ffffff' : '#5b5750'}>
                {g.gate}
              </text>
            </g>
          ))}
        </g>
      </svg>
      <figcaption className="mt-4 space-y-3 text-sm text-ink-800">
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="text-ink-500">Type</dt>
          <dd className="font-medium">{chart.type}</dd>
          <dt className="text-ink-500">Defined centres</dt>
          <dd data-testid="bodygraph-defined-centres">{text.definedCentres}</dd>
          <dt className="text-ink-500">Channels</dt>
          <dd>
            {text.channelLabels.length > 0
              ? text.channelLabels.map((label, i) => (
                  // The comma stays outside the unbreakable label, so the list wraps between channels only.
                  <Fragment key={label}>
                    {i > 0 ? ', ' : null}
                    <span className="whitespace-nowrap">{label}</span>
                  </Fragment>
                ))
              : text.channels}
          </dd>
        </dl>
        <ul aria-label="Legend" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink-600">
          <li className="flex items-center gap-1.5">
            <LegendSwatch side="personality" /> Personality (conscious)
          </li>
          <li className="flex items-center gap-1.5">
            <LegendSwatch side="design" /> Design (unconscious)
          </li>
          <li className="flex items-center gap-1.5">
            <LegendSwatch side="both" /> Both
          </li>
        </ul>
      </figcaption>
    </figure>
  );
}

/** The bodygraph as a profile section, with an optional line under the heading (who can see it). */
export function BodygraphCard({ chart, note }: { chart: HumanDesignChart; note?: ReactNode }) {
  return (
    <Card tone="white" padding="md">
      <section aria-label="Human Design bodygraph">
        <h2 className="text-xs font-semibold tracking-[0.14em] text-sage-700 uppercase">
          Human Design bodygraph
        </h2>
        {note ? <p className="mt-2 text-sm text-ink-600">{note}</p> : null}
        <div className="mt-4">
          <Bodygraph chart={chart} />
        </div>
      </section>
    </Card>
  );
}

import { ApiError, describeError, formatMoneyCents, formatMonth, formatNumber } from '@mer/api-client';
import { Alert, Card, PagePlaceholder } from '@mer/design-system';
import { useRevenue, type RevenueReport } from '../api/admin.ts';

type Money = RevenueReport['current']['monthlyRecurringRevenue'][number];

/** Amounts in several currencies are never added up: each is written, joined. */
function moneyText(amounts: Money[], fallbackCurrency: string): string {
  if (amounts.length === 0) return formatMoneyCents(0, fallbackCurrency);
  return amounts.map((a) => formatMoneyCents(a.amountCents, a.currency)).join(' + ');
}

/** The currency the chart draws: the one most money came in (EUR, MER's prices, when there was none). */
function chartCurrency(report: RevenueReport): string {
  const totals = new Map<string, number>();
  for (const month of report.months)
    for (const r of month.revenue) totals.set(r.currency, (totals.get(r.currency) ?? 0) + r.amountCents);
  for (const m of report.current.monthlyRecurringRevenue)
    if (!totals.has(m.currency)) totals.set(m.currency, 0);
  return [...totals].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'EUR';
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Card padding="lg">
      <p className="text-sm text-ink-600">{label}</p>
      <p className="text-2xl font-semibold text-ink-900">{value}</p>
    </Card>
  );
}

/**
 * The dashboard's memberships and money (billing): active memberships and MRR now, a bar per calendar month of the
 * money collected that a person reads at a glance, and every month's figures as a table (exact, and what screen
 * readers read).
 */
export default function Revenue() {
  const revenue = useRevenue();
  return (
    <section aria-labelledby="revenue-heading" className="space-y-3">
      <h2 id="revenue-heading" className="text-xl font-semibold text-ink-900">
        Memberships and revenue
      </h2>
      {revenue.isPending ? (
        <PagePlaceholder label="Loading the revenue…" />
      ) : revenue.isError ? (
        revenue.error instanceof ApiError && revenue.error.status === 403 ? (
          <p className="text-sm text-ink-700">
            Memberships and revenue are shown to admins with the system_admin or system_settings permission.
          </p>
        ) : (
          <Alert tone="error" title={describeError(revenue.error).title}>
            {describeError(revenue.error).description}
          </Alert>
        )
      ) : (
        <RevenueFigures report={revenue.data} />
      )}
    </section>
  );
}

function RevenueFigures({ report }: { report: RevenueReport }) {
  const currency = chartCurrency(report);
  const collected = (month: RevenueReport['months'][number]) =>
    month.revenue.find((r) => r.currency === currency)?.amountCents ?? 0;
  const max = Math.max(1, ...report.months.map(collected));
  const thisMonth = report.months.at(-1);
  return (
    <>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Figure label="Active memberships" value={formatNumber(report.current.activeMemberships)} />
        <Figure
          label="Monthly recurring revenue"
          value={moneyText(report.current.monthlyRecurringRevenue, currency)}
        />
        <Figure label="Collected this month" value={moneyText(thisMonth?.revenue ?? [], currency)} />
      </div>
      <Card padding="lg">
        <h3 className="text-sm font-semibold text-ink-700">Revenue per month ({currency})</h3>
        <ol aria-label={`Revenue per month in ${currency}`} className="mt-3 flex h-32 items-end gap-1">
          {report.months.map((month) => {
            const label = `${formatMonth(month.month, undefined, { long: true })}: ${formatMoneyCents(collected(month), currency)}`;
            return (
              <li
                key={month.month}
                aria-label={label}
                title={label}
                className="flex h-full flex-1 flex-col justify-end"
              >
                <span
                  className="block rounded-t bg-sage-500/70"
                  style={{ height: `${Math.max(2, (collected(month) / max) * 100)}%` }}
                />
              </li>
            );
          })}
        </ol>
        <div aria-hidden="true" className="mt-1 flex gap-1 text-center text-[10px] text-ink-600">
          {report.months.map((month) => (
            <span key={month.month} className="flex-1 truncate">
              {formatMonth(month.month, undefined, { year: false })}
            </span>
          ))}
        </div>
        <table className="mt-4 w-full text-left text-sm">
          <caption className="sr-only">Memberships and money collected per month (UTC)</caption>
          <thead className="text-ink-600">
            <tr>
              <th scope="col" className="py-1 font-normal">
                Month
              </th>
              <th scope="col" className="py-1 text-right font-normal">
                Collected
              </th>
              <th scope="col" className="py-1 text-right font-normal">
                New
              </th>
              <th scope="col" className="py-1 text-right font-normal">
                Cancelled
              </th>
              <th scope="col" className="py-1 text-right font-normal">
                Active at month end
              </th>
            </tr>
          </thead>
          <tbody>
            {[...report.months].reverse().map((month) => (
              <tr key={month.month} className="border-t border-ink-100">
                <th scope="row" className="py-1 font-normal">
                  {formatMonth(month.month)}
                </th>
                <td className="py-1 text-right">{moneyText(month.revenue, currency)}</td>
                <td className="py-1 text-right">{formatNumber(month.newMemberships)}</td>
                <td className="py-1 text-right">{formatNumber(month.cancellations)}</td>
                <td className="py-1 text-right">{formatNumber(month.activeAtMonthEnd)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </>
  );
}

import { BarChart } from '@mantine/charts';
import { Paper, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import type { GrowthPoint } from '@caribconnect/shared';

/** Spec section 9: each chart is 300 px high. */
const CHART_HEIGHT = 300;

/**
 * One weekly series. Screen readers get the numbers as a visually hidden table, since an SVG chart
 * says nothing to them; an all-zero series shows the spec's empty sentence instead of flat bars.
 */
export function GrowthChart({ title, empty, points, color }: { title: string; empty: string; points: GrowthPoint[]; color: string }) {
  const { t } = useTranslation('admin');
  const total = points.reduce((sum, p) => sum + p.count, 0);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      {total === 0 ? (
        <Text c="dimmed" h={CHART_HEIGHT} style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', textAlign: 'center' }}>
          {empty}
        </Text>
      ) : (
        <>
          <div aria-hidden="true">
            <BarChart
              h={CHART_HEIGHT}
              data={points}
              dataKey="week"
              series={[{ name: 'count', label: t('charts.count'), color }]}
              tickLine="y"
              barChartProps={{ accessibilityLayer: false }}
            />
          </div>
          <VisuallyHidden>
            <table>
              <caption>{t('charts.summary', { total })}</caption>
              <tbody>
                {points.map((p) => (
                  <tr key={p.week}>
                    <th scope="row">{p.week}</th>
                    <td>{p.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </VisuallyHidden>
        </>
      )}
    </Paper>
  );
}

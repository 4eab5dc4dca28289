/**
 * Apache ECharts, only what the dashboard draws (line, bar and pie charts on canvas): imported from
 * echarts/core so the rest is tree-shaken away. Reached only through the dashboard's lazy chart chunk.
 */
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([LineChart, BarChart, PieChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export { echarts };
export type { EChartsType } from 'echarts/core';

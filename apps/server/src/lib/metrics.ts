/**
 * What operators scrape (issue 21): counters and latency histograms in the Prometheus text format
 * (version 0.0.4), kept in this process (each instance is scraped on its own, as Prometheus does). No
 * label ever holds a person's data: routes are route patterns, never paths with ids or query strings.
 */
type Labels = Record<string, string>;

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const key = (labels: Labels) =>
  Object.entries(labels)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}="${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`)
    .join(',');

class Counter {
  readonly values = new Map<string, number>();
  constructor(
    readonly name: string,
    readonly help: string,
  ) {}
  inc(labels: Labels = {}, by = 1) {
    const k = key(labels);
    this.values.set(k, (this.values.get(k) ?? 0) + by);
  }
  render(): string[] {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} counter`];
    for (const [k, v] of this.values) lines.push(`${this.name}${k ? `{${k}}` : ''} ${v}`);
    return lines;
  }
}

class Histogram {
  private readonly series = new Map<string, { counts: number[]; sum: number; count: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
  ) {}
  observe(labels: Labels, seconds: number) {
    const k = key(labels);
    let s = this.series.get(k);
    if (!s) this.series.set(k, (s = { counts: BUCKETS.map(() => 0), sum: 0, count: 0 }));
    for (let i = 0; i < BUCKETS.length; i++) if (seconds <= BUCKETS[i]!) s.counts[i]!++;
    s.sum += seconds;
    s.count++;
  }
  render(): string[] {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    for (const [k, s] of this.series) {
      const pre = k ? `${k},` : '';
      BUCKETS.forEach((b, i) => lines.push(`${this.name}_bucket{${pre}le="${b}"} ${s.counts[i]}`));
      lines.push(`${this.name}_bucket{${pre}le="+Inf"} ${s.count}`);
      lines.push(`${this.name}_sum${k ? `{${k}}` : ''} ${s.sum}`);
      lines.push(`${this.name}_count${k ? `{${k}}` : ''} ${s.count}`);
    }
    return lines;
  }
}

export class Metrics {
  readonly requests = new Counter('http_requests_total', 'HTTP requests answered, by method, route pattern and status');
  readonly latency = new Histogram('http_request_duration_seconds', 'Time to answer a request, by method and route pattern');
  readonly paymentNotifications = new Counter('payment_notifications_total', 'Payment and refund notifications applied, by provider and outcome');
  readonly sms = new Counter('sms_total', 'SMS handed to the provider, by purpose and result (sent or failed)');

  /** `gauges`: values read at scrape time (pool, queues), as name → [help, [labels, value][]] */
  render(gauges: Record<string, [string, [Labels, number][]]> = {}): string {
    const lines = [...this.requests.render(), ...this.latency.render(), ...this.paymentNotifications.render(), ...this.sms.render()];
    for (const [name, [help, values]] of Object.entries(gauges)) {
      lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} gauge`);
      for (const [labels, v] of values) {
        const k = key(labels);
        lines.push(`${name}${k ? `{${k}}` : ''} ${v}`);
      }
    }
    return `${lines.join('\n')}\n`;
  }
}

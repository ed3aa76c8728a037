"""A small SVG line chart (no dependencies): log or linear axes, markers, legend."""
import math

COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2",
          "#7f7f7f", "#bcbd22", "#17becf"]
W, H = 720, 440
L, R, T, B = 78, 190, 40, 58  # margins: the legend sits on the right


def _esc(s):
    return str(s).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _fmt(v):
    if v == 0:
        return "0"
    a = abs(v)
    if a >= 1e4 or a < 1e-3:
        e = int(math.floor(math.log10(a)))
        m = v / 10 ** e
        return ("%g" % m if abs(m - 1) > 1e-9 else "") + ("e%d" % e if abs(m - 1) > 1e-9 else "1e%d" % e)
    return "%g" % v


class Axis:
    def __init__(self, lo, hi, log, px0, px1):
        self.log = log
        if log:
            lo = 10 ** math.floor(math.log10(lo))
            hi = 10 ** math.ceil(math.log10(hi))
            if lo == hi:
                hi = lo * 10
        else:
            if lo == hi:
                hi = lo + 1
            span = hi - lo
            step = 10 ** math.floor(math.log10(span / 5.0))
            for m in (1, 2, 5, 10):
                if span / (step * m) <= 6:
                    step *= m
                    break
            lo = math.floor(lo / step) * step
            hi = math.ceil(hi / step) * step
            self.step = step
        self.lo, self.hi, self.px0, self.px1 = lo, hi, px0, px1

    def __call__(self, v):
        if self.log:
            f = (math.log10(v) - math.log10(self.lo)) / (math.log10(self.hi) - math.log10(self.lo))
        else:
            f = (v - self.lo) / (self.hi - self.lo)
        return self.px0 + f * (self.px1 - self.px0)

    def ticks(self):
        if self.log:
            e0, e1 = int(round(math.log10(self.lo))), int(round(math.log10(self.hi)))
            stride = max(1, (e1 - e0 + 7) // 8)
            return [10.0 ** e for e in range(e0, e1 + 1, stride)]
        out, v = [], self.lo
        while v <= self.hi + self.step * 1e-9:
            out.append(round(v, 12))
            v += self.step
        return out


def line_chart(path, title, xlabel, ylabel, series, xlog=True, ylog=True, note=None):
    """series: [(label, [(x, y), ...], dashed?)]; points with y None or <= 0 on a
    log axis are dropped."""
    pts = [(x, y) for _, s, _ in series for x, y in s
           if y is not None and (not ylog or y > 0) and (not xlog or x > 0)]
    if not pts:
        return
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    ax = Axis(min(xs), max(xs), xlog, L, W - R)
    ay = Axis(min(ys) if ylog else min(0, min(ys)), max(ys), ylog, H - B, T)
    o = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
         'font-family="sans-serif" font-size="12">' % (W, H, W, H),
         '<rect width="100%" height="100%" fill="white"/>',
         '<text x="%d" y="22" font-size="15" font-weight="bold">%s</text>' % (L, _esc(title))]
    for t in ax.ticks():
        x = ax(t)
        o.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#ddd"/>' % (x, T, x, H - B))
        o.append('<text x="%.1f" y="%d" text-anchor="middle">%s</text>' % (x, H - B + 16, _fmt(t)))
    for t in ay.ticks():
        y = ay(t)
        o.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#ddd"/>' % (L, y, W - R, y))
        o.append('<text x="%d" y="%.1f" text-anchor="end">%s</text>' % (L - 6, y + 4, _fmt(t)))
    o.append('<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#333"/>'
             % (L, T, W - R - L, H - B - T))
    o.append('<text x="%d" y="%d" text-anchor="middle">%s</text>' % ((L + W - R) // 2, H - 18,
                                                                       _esc(xlabel)))
    o.append('<text x="16" y="%d" text-anchor="middle" transform="rotate(-90 16 %d)">%s</text>'
             % ((T + H - B) // 2, (T + H - B) // 2, _esc(ylabel)))
    for k, (label, s, dashed) in enumerate(series):
        c = COLORS[k % len(COLORS)]
        good = [(ax(x), ay(y)) for x, y in s
                if y is not None and (not ylog or y > 0) and (not xlog or x > 0)]
        if good:
            o.append('<polyline fill="none" stroke="%s" stroke-width="2"%s points="%s"/>' % (
                c, ' stroke-dasharray="6,4"' if dashed else "",
                " ".join("%.1f,%.1f" % p for p in good)))
            if len(good) <= 30:
                for p in good:
                    o.append('<circle cx="%.1f" cy="%.1f" r="3" fill="%s"/>' % (p[0], p[1], c))
        ly = T + 14 + 18 * k
        o.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="2"%s/>' % (
            W - R + 12, ly - 4, W - R + 36, ly - 4, c, ' stroke-dasharray="6,4"' if dashed else ""))
        o.append('<text x="%d" y="%d">%s</text>' % (W - R + 42, ly, _esc(label)))
    if note:
        o.append('<text x="%d" y="%d" font-size="10" fill="#555">%s</text>' % (L, H - 4, _esc(note)))
    o.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(o) + "\n")

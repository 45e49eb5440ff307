package io.bucketry.server.http;

/** Scripts the browser test runs in the dashboard page to read what it shows. */
final class DashboardScripts {

    /** Opaque pixels of the average line's colour (#2f6fed) on the canvas of the chart of field arguments[0]. */
    static final String AVERAGE_LINE_PIXELS = """
            const c = document.querySelector(".chart[data-field='" + arguments[0] + "'] canvas");
            const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
            let n = 0;
            for (let i = 0; i < d.length; i += 4) {
              if (d[i + 3] > 200 && Math.abs(d[i] - 47) < 40 && Math.abs(d[i + 1] - 111) < 40 && d[i + 2] > 190) n++;
            }
            return n;""";

    /**
     * Opaque pixels of the average line's colour in the canvas columns within 3 pixels of the time arguments[1]
     * (epoch ms) on the chart of field arguments[0].
     */
    static final String AVERAGE_LINE_PIXELS_AT = """
            const u = bucketry.plots[arguments[0]];
            const c = document.querySelector(".chart[data-field='" + arguments[0] + "'] canvas");
            const x = Math.round(u.valToPos(arguments[1] / 1000, 'x', true));
            const d = c.getContext('2d').getImageData(x - 3, 0, 7, c.height).data;
            let n = 0;
            for (let i = 0; i < d.length; i += 4) {
              if (d[i + 3] > 200 && Math.abs(d[i] - 47) < 40 && Math.abs(d[i + 1] - 111) < 40 && d[i + 2] > 190) n++;
            }
            return n;""";

    /**
     * Pixels of the chart of field arguments[0] that show within 12 of rgb(arguments[1], arguments[2], arguments[3])
     * in every channel on the page's white (the canvas is transparent where nothing is drawn).
     */
    static final String PIXELS_OF_COLOUR = """
            const c = document.querySelector(".chart[data-field='" + arguments[0] + "'] canvas");
            const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
            const shown = (i, channel) => d[i + channel] * d[i + 3] / 255 + 255 * (1 - d[i + 3] / 255);
            let n = 0;
            for (let i = 0; i < d.length; i += 4) {
              if (Math.abs(shown(i, 0) - arguments[1]) <= 12 && Math.abs(shown(i, 1) - arguments[2]) <= 12
                  && Math.abs(shown(i, 2) - arguments[3]) <= 12) n++;
            }
            return n;""";

    /** The time axis of the chart of field arguments[0]: its ticks (epoch seconds), their labels, the page's zone. */
    static final String TIME_AXIS = """
            const a = bucketry.plots[arguments[0]].axes[0];
            return {splits: a._splits, labels: a._values, zone: Intl.DateTimeFormat().resolvedOptions().timeZone};""";

    /** Addresses of resources the page loaded from anywhere but its own server. */
    static final String FOREIGN_RESOURCES =
            "return performance.getEntriesByType('resource').map(e => e.name).filter(n => !n.startsWith(location.origin))";

    /** Sets the custom range to now + arguments[0] ms .. now + arguments[1] ms, as the local times the inputs take. */
    static final String SET_CUSTOM_RANGE = """
            const local = (ms) => new Date(ms - new Date(ms).getTimezoneOffset() * 60000).toISOString().slice(0, 19);
            document.getElementById('custom-from').value = local(Date.now() + arguments[0]);
            document.getElementById('custom-to').value = local(Date.now() + arguments[1]);""";

    /** The text of the error message when it is visible, else null. */
    static final String VISIBLE_ERROR =
            "const e = document.getElementById('error'); return e.hidden || e.offsetHeight === 0 ? null : e.textContent";

    private DashboardScripts() {
    }
}

package io.bucketry.server.influxql;

import java.math.BigDecimal;

/**
 * Numbers written as InfluxDB writes a float64: the shortest digits that read back the same; in JSON plain
 * ({@code 3}, {@code 0.25}) from 1e-6 to below 1e21, else with an exponent ({@code 1e+21}, {@code 1.5e-7}).
 */
final class GoNumbers {

    private GoNumbers() {
    }

    /** {@code value} with the shortest digits, never an exponent, as InfluxDB's CSV writes it. */
    static String plain(double value) {
        if (value == 0) {
            return 1 / value < 0 ? "-0" : "0";
        }
        return new BigDecimal(Double.toString(value)).stripTrailingZeros().toPlainString();
    }

    static String format(double value) {
        if (value == 0) {
            return 1 / value < 0 ? "-0" : "0";
        }
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return Long.toString((long) value);
        }
        BigDecimal decimal = new BigDecimal(Double.toString(value)).stripTrailingZeros();
        double magnitude = Math.abs(value);
        if (magnitude >= 1e-6 && magnitude < 1e21) {
            return decimal.toPlainString();
        }
        String digits = decimal.unscaledValue().abs().toString();
        int exponent = digits.length() - 1 - decimal.scale();
        StringBuilder text = new StringBuilder(digits.length() + 8);
        if (value < 0) {
            text.append('-');
        }
        text.append(digits.charAt(0));
        if (digits.length() > 1) {
            text.append('.').append(digits, 1, digits.length());
        }
        text.append('e').append(exponent < 0 ? '-' : '+');
        int shown = Math.abs(exponent);
        if (exponent >= 0 && shown < 10) {
            text.append('0');
        }
        return text.append(shown).toString();
    }
}

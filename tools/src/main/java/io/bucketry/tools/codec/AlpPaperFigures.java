package io.bucketry.tools.codec;

import java.util.Map;
import java.util.OptionalDouble;

/**
 * ALP's published bits per value on each whole data set (not the 1,024-value samples), cited from the ALP
 * repository's {@code publication/compression_ratio_result/double/alp.csv} and {@code alp_rd.csv} (POI), by
 * the sample's file name as {@code data/include/double/alp_dataset.hpp} names it.
 */
final class AlpPaperFigures {

    private static final Map<String, Double> BY_SAMPLE = Map.ofEntries(
            Map.entry("neon_air_pressure", 16.43), Map.entry("arade4", 24.94), Map.entry("basel_temp_f", 30.72),
            Map.entry("basel_wind_f", 29.81), Map.entry("bird_migration_f", 20.14), Map.entry("bitcoin_f", 26.37),
            Map.entry("bitcoin_transactions_f", 36.49), Map.entry("city_temperature_f", 10.74), Map.entry("cms1", 35.65),
            Map.entry("cms9", 11.67), Map.entry("cms25", 41.11), Map.entry("neon_dew_point_temp", 13.40),
            Map.entry("neon_bio_temp_c", 10.75), Map.entry("food_prices", 23.65), Map.entry("gov10", 30.99),
            Map.entry("gov26", 0.41), Map.entry("gov30", 7.48), Map.entry("gov31", 3.05), Map.entry("gov40", 0.83),
            Map.entry("medicare1", 39.35), Map.entry("medicare9", 12.26), Map.entry("neon_pm10_dust", 8.56),
            Map.entry("nyc29", 40.38), Map.entry("ssd_hdd_benchmarks_f", 16.21), Map.entry("stocks_de", 11.01),
            Map.entry("stocks_uk", 12.59), Map.entry("stocks_usa_c", 7.90), Map.entry("neon_wind_dir", 15.89),
            Map.entry("poi_lat", 55.74), Map.entry("poi_lon", 56.56));

    private AlpPaperFigures() {
    }

    /** The paper's bits per value for the data set of this sample, if it has one. */
    static OptionalDouble of(String sample) {
        Double bits = BY_SAMPLE.get(sample);
        return bits == null ? OptionalDouble.empty() : OptionalDouble.of(bits);
    }
}

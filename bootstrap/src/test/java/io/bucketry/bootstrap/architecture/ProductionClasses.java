package io.bucketry.bootstrap.architecture;

import com.tngtech.archunit.ArchConfiguration;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;

import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * Bucketry's production classes as the test class path holds them: the modules' output folders
 * in a reactor build, their jars from the local repository otherwise. Test classes, test jars and
 * every other jar are left out.
 */
final class ProductionClasses {

    /** A Bucketry module's main jar, e.g. {@code .../bucketry-domain-0.1.0-SNAPSHOT.jar!/io/...}. */
    private static final Pattern BUCKETRY_MAIN_JAR = Pattern.compile(".*/bucketry-[^/]*(?<!-tests)\\.jar!/.*");

    static final ImportOption ONLY_BUCKETRY_JARS = new ImportOption() {
        @Override
        public boolean includes(Location location) {
            return !location.isArchive() || location.matches(BUCKETRY_MAIN_JAR);
        }
    };

    private static JavaClasses classes;

    private ProductionClasses() {
    }

    static synchronized JavaClasses get() {
        if (classes == null) {
            classes = withoutResolvingLibraries(() -> new ClassFileImporter()
                    .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                    .withImportOption(ONLY_BUCKETRY_JARS)
                    .importPackages("io.bucketry"));
        }
        return classes;
    }

    /**
     * Runs an import without following dependencies into the libraries' jars: the rules look only
     * at the names of the classes depended on, and resolving them (the MongoDB driver, Jetty, …)
     * costs seconds.
     */
    static JavaClasses withoutResolvingLibraries(Supplier<JavaClasses> importer) {
        ArchConfiguration configuration = ArchConfiguration.get();
        boolean resolving = configuration.resolveMissingDependenciesFromClassPath();
        configuration.setResolveMissingDependenciesFromClassPath(false);
        try {
            return importer.get();
        } finally {
            configuration.setResolveMissingDependenciesFromClassPath(resolving);
        }
    }
}

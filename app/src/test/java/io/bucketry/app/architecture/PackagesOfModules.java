package io.bucketry.app.architecture;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;

import java.util.List;

/**
 * One slice per package of a module, its root package included ({@code bootstrap}'s
 * {@code Bucketry} is a slice of its own beside {@code bootstrap.wiring}): ArchUnit's
 * {@code matching("…(*)..")} leaves a module's root classes out, where a cycle most often starts.
 */
final class PackagesOfModules implements SliceAssignment {

    /** The modules' base packages under the root, longest first so that adapters match before their parents. */
    private static final List<String> MODULES = List.of("adapter.mongo.bucket", "adapter.mongo.timeseries",
            "adapter.mongo.common", "adapter.inmemory", "application", "bootstrap", "domain", "codec", "server", "tools",
            "app");

    private final String root;

    PackagesOfModules(String root) {
        this.root = root;
    }

    @Override
    public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
        String name = javaClass.getPackageName();
        for (String module : MODULES) {
            String base = root + "." + module;
            if (name.equals(base) || name.startsWith(base + ".")) {
                String rest = name.substring(base.length());
                int dot = rest.indexOf('.', 1);
                return SliceIdentifier.of(module + (rest.isEmpty() ? " (root)" : (dot < 0 ? rest : rest.substring(0, dot))));
            }
        }
        return SliceIdentifier.ignore();
    }

    @Override
    public String getDescription() {
        return "the packages of each module, its root package included";
    }
}

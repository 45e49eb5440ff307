package io.bucketry.bootstrap.architecture;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.PackageMatcher;
import com.tngtech.archunit.core.importer.Locations;
import com.tngtech.archunit.lang.AbstractClassesTransformer;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;

import java.util.Arrays;
import java.util.List;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.all;

/**
 * The guard that keeps an architecture rule from passing on nothing: every package a rule names
 * must exist. A Bucketry package ({@code io.bucketry..}) must hold at least one imported class; any
 * other package (a library, the JDK) must be used by an imported class or be on the class path.
 */
final class PackagesExist {

    private static final String OWN_PACKAGES = "io.bucketry..";

    private PackagesExist() {
    }

    /** A rule that fails for each of {@code packageIdentifiers} that does not exist. */
    static ArchRule packagesExist(String... packageIdentifiers) {
        List<String> identifiers = List.copyOf(Arrays.asList(packageIdentifiers));
        return all(new AbstractClassesTransformer<NamedPackage>("packages " + identifiers) {
            @Override
            public Iterable<NamedPackage> doTransform(JavaClasses classes) {
                return identifiers.stream().map(identifier -> new NamedPackage(identifier, classes)).toList();
            }
        }).should(new ArchCondition<>("exist") {
            @Override
            public void check(NamedPackage namedPackage, ConditionEvents events) {
                String problem = namedPackage.problem();
                events.add(problem == null
                        ? SimpleConditionEvent.satisfied(namedPackage, namedPackage + " exists")
                        : SimpleConditionEvent.violated(namedPackage, problem));
            }
        });
    }

    /** One package identifier of a rule, with the classes the rule is evaluated on. */
    private record NamedPackage(String identifier, JavaClasses classes) {

        String problem() {
            if (PackageMatcher.of(OWN_PACKAGES).matches(base())) {
                return classes.stream().anyMatch(JavaClass.Predicates.resideInAPackage(identifier))
                        ? null
                        : "package " + identifier + " contains no imported class"
                                + " (a typo in the rule, or its module is not on the test class path)";
            }
            boolean used = classes.stream()
                    .flatMap(javaClass -> javaClass.getDirectDependenciesFromSelf().stream())
                    .anyMatch(dependency -> JavaClass.Predicates.resideInAPackage(identifier)
                            .test(dependency.getTargetClass()));
            return used || !Locations.ofPackage(base()).isEmpty()
                    ? null
                    : "package " + identifier + " is neither used by an imported class nor on the class path (a typo in the rule?)";
        }

        /** The plain package name a simple identifier like {@code com.google.inject..} starts with. */
        private String base() {
            return identifier.endsWith("..") ? identifier.substring(0, identifier.length() - 2) : identifier;
        }

        @Override
        public String toString() {
            return "package " + identifier;
        }
    }
}

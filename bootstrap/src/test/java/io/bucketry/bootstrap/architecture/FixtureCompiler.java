package io.bucketry.bootstrap.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;

import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Compiles fixture sources with the JDK's compiler into a temporary folder and imports the
 * {@code io.bucketry} classes among them. Fixtures can so live in the real package names the rules
 * name ({@code io.bucketry.domain}, …) without clashing with production classes, and libraries are
 * stood in for by stubs compiled alongside, so nothing but the JDK is needed.
 */
final class FixtureCompiler {

    private static final Pattern PACKAGE = Pattern.compile("package\\s+([\\w.]+)\\s*;");
    private static final Pattern TYPE = Pattern.compile("(?:class|interface|record|enum)\\s+(\\w+)");

    private FixtureCompiler() {
    }

    static JavaClasses compileAndImportBucketryClasses(List<String> sources) {
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        if (compiler == null) {
            throw new IllegalStateException("the architecture fixtures need a JDK (javax.tools), not a JRE");
        }
        Path output = createTemporaryFolder();
        try {
            StringWriter diagnostics = new StringWriter();
            List<JavaFileObject> units = sources.stream().map(FixtureCompiler::unit).toList();
            boolean compiled = compiler.getTask(diagnostics, null, null,
                    List.of("-d", output.toString(), "-classpath", output.toString(), "--release", "17", "-proc:none"),
                    null, units).call();
            if (!compiled) {
                throw new IllegalStateException("the architecture fixtures do not compile:\n" + diagnostics);
            }
            return ProductionClasses.withoutResolvingLibraries(() -> new ClassFileImporter()
                    .withImportOption(location -> location.contains("/io/bucketry/"))
                    .importPath(output));
        } finally {
            deleteRecursively(output);
        }
    }

    private static JavaFileObject unit(String source) {
        Matcher packageName = PACKAGE.matcher(source);
        Matcher typeName = TYPE.matcher(source);
        if (!packageName.find() || !typeName.find()) {
            throw new IllegalArgumentException("a fixture needs a package and a type:\n" + source);
        }
        String path = packageName.group(1).replace('.', '/') + "/" + typeName.group(1) + ".java";
        return new SimpleJavaFileObject(URI.create("string:///" + path), JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                return source;
            }
        };
    }

    private static Path createTemporaryFolder() {
        try {
            return Files.createTempDirectory("bucketry-architecture-fixture");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteRecursively(Path folder) {
        try (Stream<Path> paths = Files.walk(folder)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

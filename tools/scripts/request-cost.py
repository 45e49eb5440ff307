#!/usr/bin/env python3
"""Per-request cost over HTTP (docs/benchmarks.md, "Per-request cost over HTTP"): a benchmark, not a test.

    request-cost.py bucketry N [JFR_DIR]   Bucketry in memory, as bench-peer runs it (BucketryProcess, serve's
                                           logging), fed 1,000 sensors x 24 h at /write, then /health and
                                           Q1-Q4 in columns each asked N times (Q3 N/2) after WARM asks
    request-cost.py victoriametrics N      /usr/bin/victoria-metrics, its /health asked N times
    request-cost.py questdb N              QuestDB 9.2.2 from ~/.m2, SELECT 1 at /exec and /settings, N times each

One keep-alive client (http.client), one request at a time. Per route it prints a JSON line: p50 and p90 of the
wall time from request to the answer's last byte, the server's CPU per ask (utime + stime from /proc), and that
CPU split by thread name (digits folded: "C# CompilerThre" is the JIT, "JettyServerThre" the request threads).
With JFR_DIR, each Bucketry route also gets a JFR recording of its timed asks (jcmd JFR.start with JFC, default
the JDK's profile settings). Environment: JAR (default app/target/bucketry.jar), JOPTS (more JVM options for
Bucketry), WARM (warm-up asks, default N/5 and at least 200), ONLY (routes, default health,Q1,Q2,Q3,Q4).
"""
import collections
import http.client
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

TICK = os.sysconf('SC_CLK_TCK')
HOUR = 3600_000


def cpu(pid):
    fields = open(f'/proc/{pid}/stat').read().rsplit(')', 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def threads(pid):
    """CPU seconds per thread name (digits folded) and user/system."""
    out = collections.Counter()
    for task in os.listdir(f'/proc/{pid}/task'):
        try:
            raw = open(f'/proc/{pid}/task/{task}/stat').read()
        except OSError:
            continue
        name = re.sub(r'[0-9]+', '#', raw[raw.index('(') + 1:raw.rindex(')')])
        fields = raw.rsplit(')', 1)[1].split()
        out[name + ' usr'] += int(fields[11]) / TICK
        out[name + ' sys'] += int(fields[12]) / TICK
    return out


def ask(conn, path, method='GET', body=None):
    conn.request(method, path, body=body)
    answer = conn.getresponse()
    data = answer.read()
    if answer.status >= 300:
        raise SystemExit(f'{path} answered {answer.status}: {data[:300]}')
    return data


def route(conn, pid, name, paths, warm, n, jfr=None):
    for i in range(warm):
        ask(conn, paths[i % len(paths)])
    if jfr:
        subprocess.run(['jcmd', str(pid), 'JFR.start', 'name=' + name, 'settings=' + os.environ.get('JFC', 'profile'),
                        'filename=' + jfr], check=True, capture_output=True)
    began, before, cpu_before, times, size = time.time(), threads(pid), cpu(pid), [], 0
    for i in range(n):
        start = time.perf_counter()
        size = len(ask(conn, paths[i % len(paths)]))
        times.append(time.perf_counter() - start)
    cpu_after, after = cpu(pid), threads(pid)
    if jfr:
        subprocess.run(['jcmd', str(pid), 'JFR.stop', 'name=' + name], check=True, capture_output=True)
    split = {k: round((after[k] - before.get(k, 0)) * 1e3 / n, 3) for k in after if after[k] > before.get(k, 0)}
    times.sort()
    print(json.dumps({'route': name, 'began': began, 'ended': time.time(), 'p50_ms': round(times[n // 2] * 1e3, 3),
                      'p90_ms': round(times[int(n * .9)] * 1e3, 3), 'cpu_ms_per_ask': round((cpu_after - cpu_before) * 1e3 / n, 3),
                      'bytes': size, 'n': n, 'load': os.getloadavg()[0],
                      'threads': dict(sorted(split.items(), key=lambda kv: -kv[1]))}), flush=True)


def feed(conn, sensors, end):
    """A reading a minute of each sensor over the 24 h before end, as line protocol in batches of 5,000."""
    rnd, batch = random.Random(7), []
    for minute in range(1440):
        at = end - 24 * HOUR + minute * 60_000
        for s in range(sensors):
            batch.append(f'sensor,id=s{s:04d} temperature={20 + rnd.randint(-500, 500) / 100},'
                         f'pressure={1000 + rnd.randint(-300, 300) / 10},status="OK" {at}')
            if len(batch) == 5000:
                ask(conn, '/write?precision=ms', 'POST', ('\n'.join(batch) + '\n').encode())
                batch = []
    if batch:
        ask(conn, '/write?precision=ms', 'POST', ('\n'.join(batch) + '\n').encode())


def connect(port):
    for _ in range(300):
        try:
            conn = http.client.HTTPConnection('127.0.0.1', port)
            conn.connect()
            return conn
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f'nothing listens on 127.0.0.1:{port}')


def bucketry(directory, n, jfr_dir):
    jar = os.environ.get('JAR', 'app/target/bucketry.jar')
    server = subprocess.Popen(['java', '-Xmx4g', '-XX:-UseDynamicNumberOfCompilerThreads',
                               '-Dlogback.configurationFile=io/bucketry/app/cli/logback-cli.xml',
                               *os.environ.get('JOPTS', '').split(), '-cp', jar,
                               'io.bucketry.tools.bench.BucketryProcess', 'inmemory', directory],
                              stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while not os.path.exists(directory + '/ready'):
            time.sleep(0.2)
        conn = connect(int(open(directory + '/ready').read().split()[0]))
        end = int(time.time() * 1000) // 300_000 * 300_000
        feed(conn, 1000, end)
        begin = end - 24 * HOUR
        routes = {
            'health': ['/health'],
            'Q1': [f'/v1/series/sensor.s{i:04d}/readings?from={begin}&to={end}&limit=100000&format=columns'
                   for i in range(0, 1000, 37)],
            'Q2': [f'/v1/series/sensor.s{i:04d}/aggregates?from={begin}&to={end}&window=5m&stats=avg&format=columns'
                   for i in range(0, 1000, 37)],
            'Q3': [f'/v1/aggregates?from={end - 600_000}&to={end}&window=5m&stats=avg&format=columns'],
            'Q4': ['/v1/latest?prefix=sensor.&limit=1000&format=columns'],
        }
        warm = int(os.environ.get('WARM', max(200, n // 5)))
        for name in os.environ.get('ONLY', ','.join(routes)).split(','):
            route(conn, server.pid, name, routes[name], warm, n // 2 if name == 'Q3' else n,
                  jfr_dir and f'{jfr_dir}/{name}.jfr')
    finally:
        server.stdin.write(b'stop\n')
        server.stdin.close()
        server.wait(timeout=60)


def peer(name, command, port, n, paths):
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        conn = connect(port)
        time.sleep(1)
        for label, path in paths:
            route(conn, server.pid, f'{name} {label}', [path], 500, n)
    finally:
        server.terminate()
        server.wait(timeout=60)


def main():
    system, n = sys.argv[1], int(sys.argv[2])
    directory = tempfile.mkdtemp(prefix='request-cost-')
    try:
        if system == 'bucketry':
            bucketry(directory, n, sys.argv[3] if len(sys.argv) > 3 else None)
        elif system == 'victoriametrics':
            peer(system, ['/usr/bin/victoria-metrics', '-storageDataPath', directory + '/data',
                          '-httpListenAddr', '127.0.0.1:18428', '-search.latencyOffset', '0s'], 18428, n,
                 [('/health', '/health')])
        elif system == 'questdb':
            os.makedirs(directory + '/root/conf')
            with open(directory + '/root/conf/server.conf', 'w') as conf:
                conf.write('http.bind.to=127.0.0.1:19000\nhttp.min.enabled=false\npg.enabled=false\n'
                           'line.tcp.enabled=false\nline.udp.enabled=false\ntelemetry.enabled=false\n')
            jar = os.path.expanduser('~/.m2/repository/org/questdb/questdb/9.2.2/questdb-9.2.2.jar')
            peer(system, ['java', '-XX:-UseDynamicNumberOfCompilerThreads', '-cp', jar, 'io.questdb.ServerMain',
                          '-d', directory + '/root'], 19000, n,
                 [('SELECT 1', '/exec?query=SELECT%201'), ('/settings', '/settings')])
        else:
            raise SystemExit(__doc__)
    finally:
        shutil.rmtree(directory, ignore_errors=True)


main()

"""Installs tt_triton.pth next to the package: with TRITON_TT=1 in the environment, every
Python process that imports Triton compiles its CUDA kernels with tt (tt_triton/autoenable.py).
A .pth file rather than sitecustomize: a site-packages may hold any number of .pth files but
only one sitecustomize, and the line is inert unless TRITON_TT is set."""
import os

from setuptools import setup
from setuptools.command.build_py import build_py

PTH = "tt_triton.pth"


class BuildWithPth(build_py):

    def run(self):
        super().run()
        self.copy_file(os.path.join(os.path.dirname(os.path.abspath(__file__)), PTH), os.path.join(self.build_lib, PTH))


setup(cmdclass={"build_py": BuildWithPth})
